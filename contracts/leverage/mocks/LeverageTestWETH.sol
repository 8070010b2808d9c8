// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice Test-only WETH9 equivalent (wrap/unwrap 1:1) for the leverage tests. Named so it cannot clash
///         with the staking suite's WETH9 when the branches merge.
contract LeverageTestWETH is ERC20 {
    event Deposit(address indexed dst, uint256 wad);
    event Withdrawal(address indexed src, uint256 wad);

    error EthTransferFailed();

    constructor() ERC20("Wrapped Ether (leverage tests)", "WETH") {}

    receive() external payable {
        deposit();
    }

    function deposit() public payable {
        _mint(msg.sender, msg.value);
        emit Deposit(msg.sender, msg.value);
    }

    function withdraw(uint256 wad) external {
        _burn(msg.sender, wad);
        emit Withdrawal(msg.sender, wad);
        (bool ok, ) = msg.sender.call{value: wad}("");
        if (!ok) revert EthTransferFailed();
    }
}
