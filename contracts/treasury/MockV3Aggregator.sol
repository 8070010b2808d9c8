// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {AggregatorV3Interface} from "./interfaces/AggregatorV3Interface.sol";

/// @title A settable Chainlink-style price feed for the local chain and tests.
/// @notice Behaves like Chainlink's MockV3Aggregator (rounds, answers, timestamps, the same events), but
///         only UPDATER_ROLE holders may set the answer, so a copy deployed by mistake on a public network
///         cannot be moved by anyone.
contract MockV3Aggregator is AggregatorV3Interface, AccessControl {
    bytes32 public constant UPDATER_ROLE = keccak256("UPDATER_ROLE");

    uint8 public immutable override decimals;
    // Chainlink's interface names it `version`
    // solhint-disable-next-line const-name-snakecase
    uint256 public constant override version = 4;

    int256 public latestAnswer;
    uint256 public latestTimestamp;
    uint256 public latestRound;

    mapping(uint256 => int256) public getAnswer;
    mapping(uint256 => uint256) public getTimestamp;
    mapping(uint256 => uint256) private _startedAt;

    /// @dev Chainlink's AggregatorInterface events, so tools that watch real feeds read this one too.
    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);
    event NewRound(uint256 indexed roundId, address indexed startedBy, uint256 startedAt);

    error ZeroAddress();
    error RoundNotFound(uint80 roundId);

    constructor(address admin, uint8 decimals_, int256 initialAnswer) {
        if (admin == address(0)) revert ZeroAddress();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(UPDATER_ROLE, admin);
        decimals = decimals_;
        _record(initialAnswer, block.timestamp, block.timestamp);
    }

    function description() external pure override returns (string memory) {
        return "ETH / USD (mock)";
    }

    /// @notice Starts a new round with `answer`, timestamped now.
    function updateAnswer(int256 answer) external onlyRole(UPDATER_ROLE) {
        _record(answer, block.timestamp, block.timestamp);
    }

    /// @notice Writes a round with explicit timestamps (to simulate an old or delayed update).
    function updateRoundData(uint80 roundId, int256 answer, uint256 timestamp, uint256 startedAt)
        external
        onlyRole(UPDATER_ROLE)
    {
        latestRound = roundId;
        latestAnswer = answer;
        latestTimestamp = timestamp;
        getAnswer[roundId] = answer;
        getTimestamp[roundId] = timestamp;
        _startedAt[roundId] = startedAt;
        emit NewRound(roundId, msg.sender, startedAt);
        emit AnswerUpdated(answer, roundId, timestamp);
    }

    /// @dev Reverts for a round never written, as real aggregators do ("No data present").
    function getRoundData(uint80 roundId)
        external
        view
        override
        returns (uint80, int256, uint256, uint256, uint80)
    {
        if (getTimestamp[roundId] == 0) revert RoundNotFound(roundId);
        return (roundId, getAnswer[roundId], _startedAt[roundId], getTimestamp[roundId], roundId);
    }

    function latestRoundData() external view override returns (uint80, int256, uint256, uint256, uint80) {
        uint80 r = uint80(latestRound);
        return (r, latestAnswer, _startedAt[r], latestTimestamp, r);
    }

    function _record(int256 answer, uint256 timestamp, uint256 startedAt) private {
        uint256 r = latestRound + 1;
        latestRound = r;
        latestAnswer = answer;
        latestTimestamp = timestamp;
        getAnswer[r] = answer;
        getTimestamp[r] = timestamp;
        _startedAt[r] = startedAt;
        emit NewRound(r, msg.sender, startedAt);
        emit AnswerUpdated(answer, r, timestamp);
    }
}
