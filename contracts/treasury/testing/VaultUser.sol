// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TreasuryVault} from "../TreasuryVault.sol";

/// @dev Test helper only (never deployed by the deploy scripts): a contract position holder whose receive
///      either refuses ETH or tries to re-enter the vault, to exercise EthTransferFailed and the guard.
contract VaultUser {
    enum Mode {
        Accept,
        Reject,
        Reenter
    }

    TreasuryVault public immutable vault;
    error NoEth();
    Mode public mode;

    constructor(TreasuryVault vault_) {
        vault = vault_;
    }

    function setMode(Mode m) external {
        mode = m;
    }

    function depositEth() external payable {
        vault.depositEth{value: msg.value}();
    }

    function withdrawEth(uint256 amount) external {
        vault.withdrawEth(amount);
    }

    // test double: refuses or re-enters on purpose

    // solhint-disable-next-line no-complex-fallback
    receive() external payable {
        if (mode == Mode.Reject) revert NoEth();
        if (mode == Mode.Reenter) vault.withdrawEth(msg.value);
    }
}
