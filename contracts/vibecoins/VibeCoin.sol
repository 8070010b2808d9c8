// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Burnable} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Burnable.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title VibeCoin (VIBE), the crowdfunding reward token.
/// @notice The reward service (MINTER_ROLE) mints VIBE for funding and verification rewards (the spec's
///         50 VIBE per $50 funding, 500 per verification); holders may burn their own VIBE, or an
///         approved spender's allowance, with ERC20Burnable. No cap: rewards are open-ended by design.
contract VibeCoin is ERC20, ERC20Burnable, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    error ZeroAddress();

    /// @param admin DEFAULT_ADMIN_ROLE holder (grants and revokes MINTER_ROLE).
    /// @param rewardService Initial MINTER_ROLE holder; address(0) to grant it later.
    constructor(address admin, address rewardService) ERC20("VibeCoin", "VIBE") {
        if (admin == address(0)) revert ZeroAddress();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        if (rewardService != address(0)) _grantRole(MINTER_ROLE, rewardService);
    }

    function mint(address to, uint256 amount) external onlyRole(MINTER_ROLE) {
        _mint(to, amount);
    }
}
