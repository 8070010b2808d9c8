// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {ILeverageWETH} from "../ILeverage.sol";

/// @notice Test-only liquid-staking token: an OZ ERC-4626 vault over WETH with the staking pools'
///         `depositEth` and `exchangeRate`, a per-pool minimum deposit, and knobs to move the exchange
///         rate (rewards up, slashing down) and to switch instant redemption off (as in a queue-only pool).
contract LeverageTestLST is ERC4626 {
    /// @dev Slashed WETH goes here, out of the vault's backing.
    address public constant SLASH_SINK = address(0xdead);

    ILeverageWETH public immutable wethToken;
    address public immutable operator;
    uint256 public minDeposit;
    bool public instantRedeem = true;

    event RewardsAdded(uint256 assets);
    event Slashed(uint256 assets);

    error BelowMinimumDeposit(uint256 assets, uint256 minimum);
    error InstantRedemptionDisabled();
    error NotOperator();
    error InsufficientEth(uint256 sent, uint256 needed);

    constructor(ILeverageWETH weth_, string memory name_, string memory symbol_, uint256 minDeposit_)
        ERC20(name_, symbol_)
        ERC4626(IERC20(address(weth_)))
    {
        wethToken = weth_;
        operator = msg.sender;
        minDeposit = minDeposit_;
    }

    modifier onlyOperator() {
        if (msg.sender != operator) revert NotOperator();
        _;
    }

    /// @notice Stake native ETH: shares at the current exchange rate, as `deposit` would mint.
    function depositEth(address receiver) external payable returns (uint256 shares) {
        _checkMinimum(msg.value);
        shares = previewDeposit(msg.value); // before the new WETH raises totalAssets
        wethToken.deposit{value: msg.value}();
        _mint(receiver, shares);
        emit Deposit(msg.sender, receiver, msg.value, shares);
    }

    /// @notice WETH per 1e18 shares.
    function exchangeRate() external view returns (uint256) {
        return convertToAssets(1e18);
    }

    /// @notice Staking rewards: ETH added to the backing raises the exchange rate.
    function addRewards() external payable {
        wethToken.deposit{value: msg.value}();
        emit RewardsAdded(msg.value);
    }

    /// @notice Slashing: backing leaves the vault and the exchange rate drops.
    function slash(uint256 assets) external onlyOperator {
        IERC20(address(wethToken)).transfer(SLASH_SINK, assets);
        emit Slashed(assets);
    }

    /// @notice Move the backing so that `exchangeRate()` is (within rounding) `rateWad`; send ETH to raise it.
    function setExchangeRate(uint256 rateWad) external payable onlyOperator {
        uint256 target = Math.mulDiv(rateWad, totalSupply() + 1, 1e18) - 1;
        uint256 current = totalAssets();
        if (target > current) {
            if (msg.value < target - current) revert InsufficientEth(msg.value, target - current);
            wethToken.deposit{value: target - current}();
            if (msg.value > target - current) payable(msg.sender).transfer(msg.value - (target - current));
        } else if (target < current) {
            IERC20(address(wethToken)).transfer(SLASH_SINK, current - target);
        }
    }

    function setMinDeposit(uint256 minDeposit_) external onlyOperator {
        minDeposit = minDeposit_;
    }

    function setInstantRedeem(bool enabled) external onlyOperator {
        instantRedeem = enabled;
    }

    function _checkMinimum(uint256 assets) private view {
        uint256 minimum = minDeposit == 0 ? 1 : minDeposit;
        if (assets < minimum) revert BelowMinimumDeposit(assets, minimum);
    }

    function _deposit(address caller, address receiver, uint256 assets, uint256 shares) internal override {
        _checkMinimum(assets);
        super._deposit(caller, receiver, assets, shares);
    }

    function _withdraw(address caller, address receiver, address owner, uint256 assets, uint256 shares)
        internal
        override
    {
        if (!instantRedeem) revert InstantRedemptionDisabled();
        super._withdraw(caller, receiver, owner, assets, shares);
    }
}
