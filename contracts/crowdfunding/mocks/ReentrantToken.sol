// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

interface ICampaign {
    function contribute(uint256 amount) external returns (uint256);
    function refund() external returns (uint256);
    function finalize() external;
}

/// @title A malicious token that calls back into a campaign during every transfer it makes.
/// @notice Lets the campaign tests prove ReentrancyGuard holds: the callback's revert reason is recorded
///         (not bubbled), so the outer call completes and the test reads whether the re-entry got through.
contract ReentrantToken is ERC20 {
    enum Attack {
        None,
        Refund,
        Contribute,
        Finalize
    }

    address public target;
    Attack public attack;
    bool public reentered;
    bytes public lastRevert;
    bool private _inside;

    constructor() ERC20("Reentrant", "RE") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function arm(address target_, Attack attack_) external {
        target = target_;
        attack = attack_;
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        if (attack == Attack.None || _inside || target == address(0) || from != target) return;
        _inside = true;
        bytes memory call = attack == Attack.Refund
            ? abi.encodeCall(ICampaign.refund, ())
            : attack == Attack.Contribute
                ? abi.encodeCall(ICampaign.contribute, (1))
                : abi.encodeCall(ICampaign.finalize, ());
        // A raw call on purpose: the attack records the campaign's revert instead of bubbling it up.
        // solhint-disable-next-line avoid-low-level-calls
        (bool ok, bytes memory ret) = target.call(call);
        reentered = ok;
        lastRevert = ret;
        _inside = false;
    }
}
