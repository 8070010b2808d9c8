// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";

/// @title Demo target for "emergency pause goes through the multisig".
/// @notice Shaped like the treasury and the pools (AccessControl admin + PAUSER_ROLE + Pausable) so the
///         tests and the emergency-pause demo exercise the same permission path the real contracts use:
///         once the admin and pauser roles sit with the Safe, no single key can pause or unpause.
contract EmergencyPauseTarget is AccessControl, Pausable {
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");

    /// @notice How many times `ping` succeeded; lets a test see that pausing really blocks work.
    uint256 public pings;

    event Pinged(address indexed caller, uint256 count);

    error ZeroAdmin();

    constructor(address admin) {
        if (admin == address(0)) revert ZeroAdmin();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(PAUSER_ROLE, admin);
    }

    /// @notice Stand-in for a user-facing operation (deposit, swap...) that a pause must stop.
    function ping() external whenNotPaused {
        emit Pinged(msg.sender, ++pings);
    }

    /// @notice Emergency stop; PAUSER_ROLE only (the multisig in production).
    function pause() external onlyRole(PAUSER_ROLE) {
        _pause();
    }

    function unpause() external onlyRole(PAUSER_ROLE) {
        _unpause();
    }
}
