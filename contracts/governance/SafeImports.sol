// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Pulls the audited Safe 1.4.1 contracts into the Hardhat build so artifacts exist for the deploy and the
// tests. Nothing is declared here: the treasury multisig is Safe itself, not a fork of it.
// SafeL2 (not Safe) is the singleton: it emits SafeMultiSigTransaction with the full transaction, so the
// API and dApp can show multisig history from logs alone (no Safe transaction service runs locally).
/* solhint-disable no-unused-import */
import {SafeL2} from "@safe-global/safe-contracts/contracts/SafeL2.sol";
import {SafeProxyFactory} from "@safe-global/safe-contracts/contracts/proxies/SafeProxyFactory.sol";
// MultiSendCallOnly batches several calls into one Safe transaction (the treasury strategy); call-only, so a
// batch can never delegatecall into arbitrary code with the Safe's storage.
import {MultiSendCallOnly} from "@safe-global/safe-contracts/contracts/libraries/MultiSendCallOnly.sol";
import {CompatibilityFallbackHandler} from "@safe-global/safe-contracts/contracts/handler/CompatibilityFallbackHandler.sol";
