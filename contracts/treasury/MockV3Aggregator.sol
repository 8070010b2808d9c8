// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
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

    /// @dev One slot per round, as Chainlink's OCR2 aggregator packs a transmission (int192 answer, uint32
    ///      timestamps), so reading the latest price costs what reading a real feed's does: two slots.
    struct Round {
        int192 answer;
        uint32 startedAt;
        uint32 updatedAt;
    }

    uint256 public latestRound;
    mapping(uint256 => Round) private _rounds;

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
        _write(roundId, answer, timestamp, startedAt);
    }

    function latestAnswer() external view returns (int256) {
        return _rounds[latestRound].answer;
    }

    function latestTimestamp() external view returns (uint256) {
        return _rounds[latestRound].updatedAt;
    }

    function getAnswer(uint256 roundId) external view returns (int256) {
        return _rounds[roundId].answer;
    }

    function getTimestamp(uint256 roundId) external view returns (uint256) {
        return _rounds[roundId].updatedAt;
    }

    /// @dev Reverts for a round never written, as real aggregators do ("No data present").
    function getRoundData(uint80 roundId)
        external
        view
        override
        returns (uint80, int256, uint256, uint256, uint80)
    {
        Round memory r = _rounds[roundId];
        if (r.updatedAt == 0) revert RoundNotFound(roundId);
        return (roundId, r.answer, r.startedAt, r.updatedAt, roundId);
    }

    function latestRoundData() external view override returns (uint80, int256, uint256, uint256, uint80) {
        uint80 id = uint80(latestRound);
        Round memory r = _rounds[id];
        return (id, r.answer, r.startedAt, r.updatedAt, id);
    }

    function _record(int256 answer, uint256 timestamp, uint256 startedAt) private {
        _write(latestRound + 1, answer, timestamp, startedAt);
    }

    /// @dev Answers beyond int192 and timestamps beyond uint32 (year 2106) revert, as they would not fit a
    ///      Chainlink transmission either.
    function _write(uint256 roundId, int256 answer, uint256 timestamp, uint256 startedAt) private {
        latestRound = roundId;
        _rounds[roundId] = Round({
            answer: SafeCast.toInt192(answer),
            startedAt: SafeCast.toUint32(startedAt),
            updatedAt: SafeCast.toUint32(timestamp)
        });
        emit NewRound(roundId, msg.sender, startedAt);
        emit AnswerUpdated(answer, roundId, timestamp);
    }
}
