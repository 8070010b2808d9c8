// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LiquidStakingPool} from "../LiquidStakingPool.sol";
import {WETH9} from "../WETH9.sol";

/// @title TEST ONLY: a staker contract that cannot receive ETH (no receive/fallback).
/// @notice Lets the tests reach the EthTransferFailed paths of LiquidStakingPool.claimEth and WETH9.withdraw.
contract RejectingStaker {
    LiquidStakingPool public immutable pool;
    WETH9 public immutable weth;

    constructor(LiquidStakingPool pool_) {
        pool = pool_;
        weth = pool_.weth();
    }

    function stake() external payable returns (uint256) {
        return pool.depositEth{value: msg.value}(address(this));
    }

    function requestAll() external returns (uint256) {
        return pool.requestWithdrawal(pool.balanceOf(address(this)));
    }

    function claimEth(uint256 requestId) external returns (uint256) {
        return pool.claimEth(requestId);
    }

    function claim(uint256 requestId) external returns (uint256) {
        return pool.claim(requestId);
    }

    function unwrap(uint256 wad) external {
        weth.withdraw(wad);
    }
}
