// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Capped} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Capped.sol";
import {ERC20Burnable} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Burnable.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title XQB, the platform's native token.
/// @notice 150,000,000 XQB are minted at construction to the seven genesis buckets of the spec's table;
///         after that only MINTER_ROLE holders create supply, and never beyond MAX_SUPPLY.
/// @dev Why a 1,000,000,000 cap and not 150,000,000: the ETH minter keeps minting 3,000 XQB per ETH after
///      genesis, so a cap equal to the genesis supply would disable it from the first block. One billion
///      leaves room for ~283,333 ETH of minting (850M XQB) and still bounds what any minter, or a leaked
///      minter key, can ever create. When the cap is reached, every mint reverts ERC20ExceededCap.
///
///      MINTER_ROLE is the single minting role: it is granted to the XQBMinter contract (ETH -> XQB) and to
///      the treasury operator that performs the treasury page's "Mint XQB Tokens" action (the deployer on a
///      local chain, the 2-of-3 multisig later). A second role would add nothing a cap does not already
///      give: both are revocable per account by DEFAULT_ADMIN_ROLE, and neither has a separate allowance.
///
///      Holders may burn their own XQB (or an approved spender's allowance) with ERC20Burnable: burnt supply
///      leaves totalSupply, so the cap bounds what exists, not what was ever minted.
contract XQBToken is ERC20Capped, ERC20Burnable, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    /// @notice Hard cap on total supply (18 decimals).
    uint256 public constant MAX_SUPPLY = 1_000_000_000 ether;
    /// @notice What the genesis allocation must add up to (the spec's "150M XQB minted").
    uint256 public constant GENESIS_SUPPLY = 150_000_000 ether;

    /// @notice One genesis bucket: a label (e.g. "founder", as bytes32), who receives it and how much.
    struct Allocation {
        bytes32 label;
        address account;
        uint256 amount;
    }

    event GenesisAllocated(bytes32 indexed label, address indexed account, uint256 amount);

    error ZeroAddress();
    error EmptyGenesis();
    error ZeroAllocationAddress(uint256 index);
    error ZeroAllocationAmount(uint256 index);
    error GenesisSupplyMismatch(uint256 total, uint256 expected);

    /// @param admin Receives DEFAULT_ADMIN_ROLE (grants MINTER_ROLE; can later be handed to a multisig).
    /// @param genesis The buckets to mint at construction; their amounts must add up to GENESIS_SUPPLY.
    ///        The deploy passes the spec's table (founder 30M, treasury reserves 45M, staking rewards 30M,
    ///        liquidity 22.5M, development 15M, marketing 4.5M, community 3M); the contract checks the sum
    ///        and the addresses, the tests check the table.
    constructor(address admin, Allocation[] memory genesis)
        ERC20("XQB Token", "XQB")
        ERC20Capped(MAX_SUPPLY)
    {
        if (admin == address(0)) revert ZeroAddress();
        if (genesis.length == 0) revert EmptyGenesis();
        uint256 total;
        for (uint256 i = 0; i < genesis.length; ++i) {
            Allocation memory a = genesis[i];
            if (a.account == address(0)) revert ZeroAllocationAddress(i);
            if (a.amount == 0) revert ZeroAllocationAmount(i);
            total += a.amount;
        }
        if (total != GENESIS_SUPPLY) revert GenesisSupplyMismatch(total, GENESIS_SUPPLY);

        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        for (uint256 i = 0; i < genesis.length; ++i) {
            _mint(genesis[i].account, genesis[i].amount);
            emit GenesisAllocated(genesis[i].label, genesis[i].account, genesis[i].amount);
        }
    }

    /// @dev ERC20Capped checks the cap in _update; ERC20Burnable adds nothing there.
    function _update(address from, address to, uint256 value) internal override(ERC20, ERC20Capped) {
        super._update(from, to, value);
    }

    /// @notice Creates `amount` XQB for `to`; reverts ERC20ExceededCap past MAX_SUPPLY.
    function mint(address to, uint256 amount) external onlyRole(MINTER_ROLE) {
        _mint(to, amount);
    }
}
