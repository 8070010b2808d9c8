// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

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

    struct Claim {
        uint64 windowStart;
        uint192 claimed;
    }

    /// @notice Each address's current faucet window and what it has taken in it.
    mapping(address => Claim) public claims;

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
        Claim memory c = claims[msg.sender];
        if (block.timestamp >= uint256(c.windowStart) + FAUCET_WINDOW) {
            c = Claim({windowStart: uint64(block.timestamp), claimed: 0});
        }
        uint256 available = FAUCET_LIMIT - c.claimed;
        if (amount > available) {
            revert FaucetLimitExceeded(amount, available, uint256(c.windowStart) + FAUCET_WINDOW - block.timestamp);
        }
        c.claimed += uint192(amount);
        claims[msg.sender] = c;
        emit FaucetClaimed(msg.sender, amount, c.claimed, c.windowStart);
        _mint(msg.sender, amount);
    }

    /// @notice What `account` may still take from the faucet right now.
    function faucetAvailable(address account) external view returns (uint256) {
        Claim memory c = claims[account];
        if (block.timestamp >= uint256(c.windowStart) + FAUCET_WINDOW) return FAUCET_LIMIT;
        return FAUCET_LIMIT - c.claimed;
    }

    function mint(address to, uint256 amount) external onlyRole(MINTER_ROLE) {
        _mint(to, amount);
    }
}
