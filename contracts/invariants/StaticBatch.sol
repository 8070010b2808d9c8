// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title StaticBatch: many view calls in one eth_call (test helper for the property tests).
/// @notice Deployed only by contracts/invariants/suite.property.test.ts: reading ~100 balances and views after
///         every random action one RPC round trip at a time dominated the run time. Each call is a staticcall;
///         a failing call returns ok = false and its revert data instead of aborting the batch.
contract StaticBatch {
    struct Result {
        bool ok;
        bytes data;
    }

    function read(address[] calldata targets, bytes[] calldata calls) external view returns (Result[] memory out) {
        uint256 n = targets.length;
        out = new Result[](n);
        for (uint256 i; i < n; ++i) {
            (out[i].ok, out[i].data) = targets[i].staticcall(calls[i]);
        }
    }

    /// @notice Native balance of `account`, so ETH balances can ride in the same batch.
    function ethBalance(address account) external view returns (uint256) {
        return account.balance;
    }
}
