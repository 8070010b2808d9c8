// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Wrapped Ether (WETH9), ported to Solidity ^0.8.
/// @notice The canonical WETH9 logic (mainnet 0xC02a...6Cc2): 1 WETH is minted for every wei deposited and
///         burned on withdrawal, so `totalSupply()` is always this contract's ETH balance. Liquid-staking pools
///         hold WETH instead of raw ETH so that they can be plain ERC-4626 vaults.
/// @dev Kept deliberately close to the original rather than built on OpenZeppelin's ERC20, so that it behaves
///      like the WETH the pools meet on real networks:
///      - `receive()` deposits (the original's fallback);
///      - an allowance of `type(uint256).max` is never decreased by `transferFrom`;
///      - `transferFrom` from yourself needs no allowance;
///      - events: Approval, Transfer, Deposit, Withdrawal (no Transfer on deposit/withdraw, as in WETH9).
///      Changes from the 0.4 original: custom errors instead of bare `require`, and `withdraw` sends ETH with
///      `call` (checked) instead of `transfer`'s 2,300-gas stipend, so contract wallets (e.g. a Safe) and the
///      pools' `receive()` can accept it. The balance is debited before the call, so re-entering is harmless.
contract WETH9 {
    // ERC-20 metadata getters must be called exactly this, so these constants keep lower-case names.
    // solhint-disable const-name-snakecase
    string public constant name = "Wrapped Ether";
    string public constant symbol = "WETH";
    uint8 public constant decimals = 18;
    // solhint-enable const-name-snakecase

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Approval(address indexed src, address indexed guy, uint256 wad);
    event Transfer(address indexed src, address indexed dst, uint256 wad);
    event Deposit(address indexed dst, uint256 wad);
    event Withdrawal(address indexed src, uint256 wad);

    error InsufficientBalance(address account, uint256 balance, uint256 needed);
    error InsufficientAllowance(address owner, address spender, uint256 allowance, uint256 needed);
    error EthTransferFailed(address to, uint256 wad);

    receive() external payable {
        deposit();
    }

    /// @notice Wraps `msg.value` wei into as many WETH for the sender.
    function deposit() public payable {
        balanceOf[msg.sender] += msg.value;
        emit Deposit(msg.sender, msg.value);
    }

    /// @notice Burns `wad` WETH and sends as many wei to the sender.
    function withdraw(uint256 wad) external {
        uint256 bal = balanceOf[msg.sender];
        if (bal < wad) revert InsufficientBalance(msg.sender, bal, wad);
        balanceOf[msg.sender] = bal - wad;
        emit Withdrawal(msg.sender, wad);
        (bool ok, ) = payable(msg.sender).call{value: wad}("");
        if (!ok) revert EthTransferFailed(msg.sender, wad);
    }

    /// @notice Every WETH is backed 1:1 by the ETH this contract holds.
    function totalSupply() external view returns (uint256) {
        return address(this).balance;
    }

    function approve(address guy, uint256 wad) external returns (bool) {
        allowance[msg.sender][guy] = wad;
        emit Approval(msg.sender, guy, wad);
        return true;
    }

    function transfer(address dst, uint256 wad) external returns (bool) {
        return transferFrom(msg.sender, dst, wad);
    }

    function transferFrom(address src, address dst, uint256 wad) public returns (bool) {
        uint256 bal = balanceOf[src];
        if (bal < wad) revert InsufficientBalance(src, bal, wad);

        if (src != msg.sender) {
            uint256 allowed = allowance[src][msg.sender];
            if (allowed != type(uint256).max) {
                if (allowed < wad) revert InsufficientAllowance(src, msg.sender, allowed, wad);
                allowance[src][msg.sender] = allowed - wad;
            }
        }

        balanceOf[src] = bal - wad;
        balanceOf[dst] += wad;

        emit Transfer(src, dst, wad);
        return true;
    }
}
