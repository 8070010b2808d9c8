// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC4626} from "@openzeppelin/contracts/interfaces/IERC4626.sol";

/// @notice The WETH9 surface the leverage contracts use (wrap and unwrap native ETH).
interface ILeverageWETH is IERC20 {
    function deposit() external payable;
    function withdraw(uint256 wad) external;
}

/// @notice A liquid-staking token as the platform's staking pools expose it: an ERC-4626 vault over WETH
///         with a native-ETH deposit. Withdrawals of the real pools go through a delayed queue, so nothing
///         here may rely on `redeem` being instant (see {ILeverageUnwinder}).
interface ILeverageLST is IERC4626 {
    function depositEth(address receiver) external payable returns (uint256 shares);
}

/// @notice Callbacks of {LendingPool.flashBorrow} and {LendingPool.flashRepay}. The pool only ever calls
///         them on the `msg.sender` of the hook, so a callee knows it started the hook itself.
interface ILeverageFlashCallee {
    /// @dev Called after the pool sent `amount` WETH to the callee and before it records `amount` of debt on
    ///      `onBehalfOf` and checks that account's borrow limit.
    function onFlashBorrow(address onBehalfOf, uint256 amount, bytes calldata data) external;

    /// @dev Called after the pool wrote `amount` of `onBehalfOf`'s debt off its books and before it pulls
    ///      `amount` WETH from the callee (the callee must have approved the pool by then).
    function onFlashRepay(address onBehalfOf, uint256 amount, bytes calldata data) external;
}

/// @notice Instant exit for an LST whose own withdrawals are queued: takes `shares` of `lst` (pulled from
///         the caller, which approved it) and pays WETH to `receiver` at once, e.g. from a WETH buffer
///         or the pool's instant-redeem path. The router uses one per LST when configured, else `redeem`.
interface ILeverageUnwinder {
    function unwind(ILeverageLST lst, uint256 shares, address receiver) external returns (uint256 wethOut);
}

/// @notice The withdrawal queue of the platform's staking pools (`LiquidStakingPool`), as the
///         {LiquidityBufferUnwinder} uses it: request (burns the shares, locks their WETH), then claim.
interface ILeverageQueuedLST is ILeverageLST {
    /// @dev Same layout as `LiquidStakingPool.WithdrawalRequest`.
    struct WithdrawalRequest {
        address owner;
        uint64 claimableAt;
        bool claimed;
        uint256 assets;
        uint256 shares;
    }

    function requestWithdrawal(uint256 shares) external returns (uint256 requestId);
    function claim(uint256 requestId) external returns (uint256 assets);
    function getWithdrawalRequest(uint256 requestId) external view returns (WithdrawalRequest memory);
    function paused() external view returns (bool);
}
