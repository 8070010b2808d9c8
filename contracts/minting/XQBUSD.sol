// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title XQBUSD, the collateralised stablecoin.
/// @notice Minted and burned only by VAULT_ROLE holders: the TreasuryVault, which enforces the 150%
///         collateral rule for every unit it mints and burns the units repaid or used in liquidations.
///         Nobody else, the admin included, can mint to a holder or burn from one.
/// @dev `burn` takes no allowance (as Liquity's LUSD, whose BorrowerOperations/TroveManager burn from the
///      repayer): the vault only burns from the account that called repay or liquidate, so the caller's
///      call is its consent, and repaying is one transaction instead of approve + repay.
contract XQBUSD is ERC20, AccessControl {
    bytes32 public constant VAULT_ROLE = keccak256("VAULT_ROLE");

    error ZeroAddress();

    constructor(address admin) ERC20("XQB USD Stablecoin", "XQBUSD") {
        if (admin == address(0)) revert ZeroAddress();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
    }

    function mint(address to, uint256 amount) external onlyRole(VAULT_ROLE) {
        _mint(to, amount);
    }

    /// @notice Destroys `amount` of `from`'s XQBUSD (repayment or liquidation through the vault).
    function burn(address from, uint256 amount) external onlyRole(VAULT_ROLE) {
        _burn(from, amount);
    }
}
