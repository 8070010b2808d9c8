// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";

/// @title Mock USDC (6 decimals) for the local chain only.
/// @notice Anyone may take up to FAUCET_LIMIT (10,000 USDC) per address per FAUCET_WINDOW (24 h), in as
///         many claims as they like; the window starts at an address's first claim after the previous
///         window ended. MINTER_ROLE may mint without limit (deploy-time seeding, tests).
/// @dev Never deploy this on a public network: it is free money by design. On Sepolia, use Circle's
///      testnet USDC.
contract MockUSDC is ERC20, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    uint256 public constant FAUCET_LIMIT = 10_000 * 1e6;
    uint256 public constant FAUCET_WINDOW = 24 hours;

    /// @dev An address's balance and its faucet window share one slot, as Circle's FiatTokenV2_2 keeps its
    ///      blacklist flag in the balance slot: a first faucet claim writes one new slot, like a first mint.
    ///      OpenZeppelin's ERC20 keeps everything else (allowances, events, errors, transfer rules); only its
    ///      balance and supply storage is replaced, through _update, balanceOf and totalSupply.
    struct Account {
        uint128 balance;
        uint40 windowStart;
        uint88 claimed; // in the window that started at windowStart
    }

    mapping(address => Account) private _accounts;
    uint256 private _supply;

    event FaucetClaimed(address indexed account, uint256 amount, uint256 claimedInWindow, uint256 windowStart);

    error ZeroAddress();
    error ZeroAmount();
    /// @param requested What the call asked for.
    /// @param available What the address may still take in the current window.
    /// @param retryAfter Seconds until the window ends and the full limit is available again.
    error FaucetLimitExceeded(uint256 requested, uint256 available, uint256 retryAfter);

    constructor(address admin) ERC20("USD Coin (mock)", "USDC") {
        if (admin == address(0)) revert ZeroAddress();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, admin);
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    /// @notice Sends `amount` (6 decimals) to the caller, within the 24 h limit.
    function faucet(uint256 amount) external {
        if (amount == 0) revert ZeroAmount();
        Account memory a = _accounts[msg.sender];
        if (block.timestamp >= uint256(a.windowStart) + FAUCET_WINDOW) {
            (a.windowStart, a.claimed) = (uint40(block.timestamp), 0);
        }
        uint256 available = FAUCET_LIMIT - a.claimed;
        if (amount > available) {
            revert FaucetLimitExceeded(amount, available, uint256(a.windowStart) + FAUCET_WINDOW - block.timestamp);
        }
        a.claimed += uint88(amount); // amount <= FAUCET_LIMIT
        a.balance = SafeCast.toUint128(a.balance + amount);
        _accounts[msg.sender] = a;
        _supply += amount;
        emit Transfer(address(0), msg.sender, amount);
        emit FaucetClaimed(msg.sender, amount, a.claimed, a.windowStart);
    }

    /// @notice `account`'s current faucet window: when it started and what was taken in it.
    function claims(address account) external view returns (uint256 windowStart, uint256 claimed) {
        Account memory a = _accounts[account];
        return (a.windowStart, a.claimed);
    }

    /// @notice What `account` may still take from the faucet right now.
    function faucetAvailable(address account) external view returns (uint256) {
        Account memory a = _accounts[account];
        if (block.timestamp >= uint256(a.windowStart) + FAUCET_WINDOW) return FAUCET_LIMIT;
        return FAUCET_LIMIT - a.claimed;
    }

    function mint(address to, uint256 amount) external onlyRole(MINTER_ROLE) {
        _mint(to, amount);
    }

    function totalSupply() public view override returns (uint256) {
        return _supply;
    }

    function balanceOf(address account) public view override returns (uint256) {
        return _accounts[account].balance;
    }

    /// @dev OpenZeppelin's _update with the packed balances; the supply stays within uint128, so every
    ///      balance fits (SafeCast reverts a mint past it).
    function _update(address from, address to, uint256 value) internal override {
        if (from == address(0)) {
            _supply += value;
        } else {
            Account storage a = _accounts[from];
            uint256 balance = a.balance;
            if (balance < value) revert ERC20InsufficientBalance(from, balance, value);
            a.balance = uint128(balance - value);
        }
        if (to == address(0)) {
            _supply -= value;
        } else {
            Account storage b = _accounts[to];
            b.balance = SafeCast.toUint128(b.balance + value);
        }
        emit Transfer(from, to, value);
    }
}
