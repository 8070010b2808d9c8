// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";

/// @title TEST ONLY: a bare OpenZeppelin ERC-4626 vault (balance-based totalAssets, no seed, no minimum).
/// @notice Exists so the inflation-attack test can show the attack really works on an unguarded vault before
///         showing that LiquidStakingPool defeats it. Never deployed by scripts/.
contract NaiveDonationVault is ERC4626 {
    constructor(IERC20 asset_) ERC20("Naive Vault", "NAIVE") ERC4626(asset_) {}
}
