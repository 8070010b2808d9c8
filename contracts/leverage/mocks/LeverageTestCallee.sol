// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ILeverageFlashCallee} from "../ILeverage.sol";

interface ILeverageTestPoolHooks {
    function flashBorrow(uint256 amount, address onBehalfOf, bytes calldata data) external;
    function flashRepay(uint256 amount, address onBehalfOf, bytes calldata data) external returns (uint256);
    function setDelegate(address delegate, bool approved) external;
}

/// @notice Test-only flash-hook caller: starts the pool's hooks and, inside the callback, runs a programmed
///         list of calls (bubbling their reverts), then optionally approves the pool for the repayment.
contract LeverageTestCallee is ILeverageFlashCallee {
    struct Call {
        address target;
        uint256 value;
        bytes data;
    }

    ILeverageTestPoolHooks public immutable pool;
    IERC20 public immutable weth;
    Call[] internal _calls;
    bool public approveRepayment = true;
    uint256 public lastAmount;
    address public lastOnBehalfOf;

    constructor(ILeverageTestPoolHooks pool_, IERC20 weth_) {
        pool = pool_;
        weth = weth_;
    }

    receive() external payable {}

    function addCall(address target, uint256 value, bytes calldata data) external {
        _calls.push(Call(target, value, data));
    }

    function setApproveRepayment(bool enabled) external {
        approveRepayment = enabled;
    }

    function setDelegate(address delegate, bool approved) external {
        pool.setDelegate(delegate, approved);
    }

    function approve(address token, address spender, uint256 amount) external {
        IERC20(token).approve(spender, amount);
    }

    function doFlashBorrow(uint256 amount, address onBehalfOf) external {
        pool.flashBorrow(amount, onBehalfOf, "");
    }

    function doFlashRepay(uint256 amount, address onBehalfOf) external {
        pool.flashRepay(amount, onBehalfOf, "");
    }

    function onFlashBorrow(address onBehalfOf, uint256 amount, bytes calldata) external {
        (lastOnBehalfOf, lastAmount) = (onBehalfOf, amount);
        _run();
    }

    function onFlashRepay(address onBehalfOf, uint256 amount, bytes calldata) external {
        (lastOnBehalfOf, lastAmount) = (onBehalfOf, amount);
        _run();
        if (approveRepayment) weth.approve(address(pool), amount);
    }

    function _run() private {
        uint256 n = _calls.length;
        for (uint256 i; i < n; ++i) {
            Call memory c = _calls[i];
            (bool ok, bytes memory ret) = c.target.call{value: c.value}(c.data);
            if (!ok) {
                // solhint-disable-next-line no-inline-assembly
                assembly {
                    revert(add(ret, 32), mload(ret))
                }
            }
        }
    }
}
