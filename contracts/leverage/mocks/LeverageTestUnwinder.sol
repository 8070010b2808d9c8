// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ILeverageWETH, ILeverageLST, ILeverageUnwinder} from "../ILeverage.sol";

/// @notice Test-only instant exit: buys LST shares for WETH from its own buffer at the exchange rate minus a
///         fee (the shape a WETH-buffer or instant-redeem adapter for a queue-only staking pool would have).
contract LeverageTestUnwinder is ILeverageUnwinder {
    ILeverageWETH public immutable weth;
    uint256 public immutable feeBps;

    error BufferTooSmall(uint256 buffer, uint256 needed);

    constructor(ILeverageWETH weth_, uint256 feeBps_) {
        weth = weth_;
        feeBps = feeBps_;
    }

    /// @notice Top up the WETH buffer with ETH.
    function fund() external payable {
        weth.deposit{value: msg.value}();
    }

    function unwind(ILeverageLST lst, uint256 shares, address receiver) external returns (uint256 wethOut) {
        wethOut = (lst.convertToAssets(shares) * (10_000 - feeBps)) / 10_000;
        uint256 buffer = weth.balanceOf(address(this));
        if (wethOut > buffer) revert BufferTooSmall(buffer, wethOut);
        IERC20(address(lst)).transferFrom(msg.sender, address(this), shares);
        weth.transfer(receiver, wethOut);
    }
}
