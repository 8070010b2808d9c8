// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {XQBToken} from "./XQBToken.sol";
import {XQBUSD} from "./XQBUSD.sol";
import {TreasuryVault} from "../treasury/TreasuryVault.sol";

/// @title ETH -> XQB + XQBUSD minter.
/// @notice Takes ETH, mints XQB at a fixed rate and has the TreasuryVault mint XQBUSD worth the ETH's USD
///         value (Chainlink ETH/USD) divided by the 150% collateral ratio. The ETH goes into the vault as
///         collateral of this minter's position there, where nobody can withdraw it; only a liquidation
///         (if ETH falls and the position drops below 130%) can take it out, by repaying XQBUSD.
/// @dev The spec's "1 ETH gives 3,000 XQBUSD" contradicts its own 150% ratio; the vault keeps the ratio
///      (1 ETH at $3,000 backs at most 2,000 XQBUSD). Needs MINTER_ROLE on XQBToken and on the vault.
///      If the vault is paused or its price is stale, mint reverts with the vault's error (EnforcedPause,
///      StalePrice, NonPositivePrice); those errors are declared here too, so they decode with this ABI.
contract XQBMinter is AccessControl, ReentrancyGuardTransient {
    uint256 public constant COLLATERAL_RATIO_BPS = 15_000; // 150%, the vault's MIN_COLLATERAL_RATIO_BPS
    uint256 public constant PRICE_DECIMALS = 8; // ethUsdPrice() is reported with 8 decimals

    XQBToken public immutable xqb;
    XQBUSD public immutable xqbusd;
    TreasuryVault public immutable vault;
    /// @notice Whole XQB per whole ETH (3,000 per the spec).
    uint256 public immutable xqbPerEth;
    /// @notice Smallest deposit; below it the XQBUSD leg would round to dust.
    uint256 public immutable minDepositWei;

    event Minted(address indexed payer, address indexed recipient, uint256 ethIn, uint256 xqbOut, uint256 xqbusdOut);

    error ZeroAmount();
    error BelowMinimumDeposit(uint256 sent, uint256 minimum);
    error ZeroRecipient();
    /// @dev Kept for ABI compatibility; price checks now happen in the vault (NonPositivePrice, StalePrice).
    error InvalidPrice();
    error InvalidConfig();
    // The vault's errors a mint can end in, so callers holding only this ABI can decode them.
    error StalePrice(uint256 updatedAt, uint256 maxPriceAge);
    error NonPositivePrice(int256 answer);
    error EnforcedPause();

    constructor(address admin, XQBToken xqb_, TreasuryVault vault_, uint256 xqbPerEth_, uint256 minDepositWei_) {
        if (admin == address(0) || address(xqb_) == address(0) || address(vault_) == address(0)) revert ZeroRecipient();
        if (xqbPerEth_ == 0 || minDepositWei_ == 0) revert InvalidConfig();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        xqb = xqb_;
        vault = vault_;
        xqbusd = vault_.xqbusd();
        xqbPerEth = xqbPerEth_;
        minDepositWei = minDepositWei_;
    }

    /// @notice What a deposit of `weiIn` would mint at the current oracle price, without a transaction.
    function quote(uint256 weiIn) public view returns (uint256 xqbOut, uint256 xqbusdOut) {
        xqbOut = weiIn * xqbPerEth;
        // floor(wei * price * 10,000 / (10^8 * 15,000)): the USD value over 1.5, computed by the vault
        xqbusdOut = vault.quoteEthMint(weiIn);
    }

    /// @notice Deposit ETH as collateral; `recipient` receives the XQB and the XQBUSD.
    function mint(address recipient) external payable nonReentrant returns (uint256 xqbOut, uint256 xqbusdOut) {
        if (msg.value == 0) revert ZeroAmount();
        if (msg.value < minDepositWei) revert BelowMinimumDeposit(msg.value, minDepositWei);
        if (recipient == address(0)) revert ZeroRecipient();
        xqbOut = msg.value * xqbPerEth;
        xqb.mint(recipient, xqbOut);
        xqbusdOut = vault.depositEthAndMintFor{value: msg.value}(recipient);
        emit Minted(msg.sender, recipient, msg.value, xqbOut, xqbusdOut);
    }

    /// @notice ETH/USD (8 decimals) as the vault reads it from the feed.
    function ethUsdPrice() external view returns (uint256) {
        uint256 scale = vault.priceScale();
        uint256 price = vault.ethUsdPrice();
        return scale >= 1e8 ? price / (scale / 1e8) : price * (1e8 / scale);
    }

    /// @notice ETH this minter holds as collateral in the vault (its position's ETH).
    function totalCollateralWei() external view returns (uint256) {
        return vault.positionOf(address(this)).ethCollateral;
    }
}
