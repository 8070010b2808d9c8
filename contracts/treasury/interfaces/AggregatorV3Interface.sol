// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Chainlink's price feed interface, as published in @chainlink/contracts
///         (src/v0.8/shared/interfaces/AggregatorV3Interface.sol). Copied, not imported: the package is
///         not a dependency of this project. Sepolia ETH/USD: 0x694AA1769357215DE4FAC081bf1f309aDC325306.
// Chainlink's canonical name
// solhint-disable-next-line interface-starts-with-i
interface AggregatorV3Interface {
    function decimals() external view returns (uint8);

    function description() external view returns (string memory);

    function version() external view returns (uint256);

    function getRoundData(uint80 _roundId)
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound);

    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound);
}
