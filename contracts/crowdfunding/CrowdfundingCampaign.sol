// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title One crowdfunding campaign: a goal in an ERC-20 (mock USDC locally), a deadline, all or nothing.
/// @notice Anyone contributes before the deadline (approve, then contribute). Once the goal is met anyone may
///         finalize, which pays everything raised to the beneficiary and closes the campaign. If the deadline
///         passes without the goal, each contributor pulls back exactly what they put in with refund().
/// @dev OpenZeppelin 5 has no crowdsale, so this is written small. Credits what arrived (balance delta), so a
///      fee-on-transfer token cannot leave the campaign owing more than it holds.
contract CrowdfundingCampaign is ReentrancyGuard {
    using SafeERC20 for IERC20;

    enum State {
        Open,
        Succeeded,
        Finalized,
        Failed
    }

    IERC20 public immutable token;
    address public immutable beneficiary;
    address public immutable creator;
    uint256 public immutable goal;
    uint64 public immutable deadline;

    uint256 public totalRaised;
    bool public finalized;
    mapping(address => uint256) public contributionOf;

    event Contributed(address indexed contributor, uint256 amount, uint256 totalRaised);
    event Finalized(address indexed beneficiary, uint256 amount);
    event Refunded(address indexed contributor, uint256 amount);

    error ZeroAddress();
    error ZeroAmount();
    error DeadlineNotInFuture(uint64 deadline, uint256 now_);
    error DeadlinePassed(uint64 deadline);
    error DeadlineNotReached(uint64 deadline);
    error GoalNotMet(uint256 raised, uint256 goal);
    error GoalMet(uint256 raised, uint256 goal);
    error AlreadyFinalized();
    error NothingToRefund(address contributor);

    constructor(IERC20 token_, address beneficiary_, address creator_, uint256 goal_, uint64 deadline_) {
        if (address(token_) == address(0) || beneficiary_ == address(0) || creator_ == address(0)) {
            revert ZeroAddress();
        }
        if (goal_ == 0) revert ZeroAmount();
        if (deadline_ <= block.timestamp) revert DeadlineNotInFuture(deadline_, block.timestamp);
        token = token_;
        beneficiary = beneficiary_;
        creator = creator_;
        goal = goal_;
        deadline = deadline_;
    }

    function state() public view returns (State) {
        if (finalized) return State.Finalized;
        if (totalRaised >= goal) return State.Succeeded;
        if (block.timestamp >= deadline) return State.Failed;
        return State.Open;
    }

    /// @notice Pulls `amount` from the caller (after approve) and credits what arrived.
    function contribute(uint256 amount) external nonReentrant returns (uint256 received) {
        if (amount == 0) revert ZeroAmount();
        if (finalized) revert AlreadyFinalized();
        if (block.timestamp >= deadline) revert DeadlinePassed(deadline);
        uint256 before = token.balanceOf(address(this));
        token.safeTransferFrom(msg.sender, address(this), amount);
        received = token.balanceOf(address(this)) - before;
        if (received == 0) revert ZeroAmount();
        contributionOf[msg.sender] += received;
        totalRaised += received;
        emit Contributed(msg.sender, received, totalRaised);
    }

    /// @notice Pays everything raised to the beneficiary once the goal is met; callable by anyone, once.
    function finalize() external nonReentrant {
        if (finalized) revert AlreadyFinalized();
        uint256 raised = totalRaised;
        if (raised < goal) revert GoalNotMet(raised, goal);
        finalized = true;
        emit Finalized(beneficiary, raised);
        token.safeTransfer(beneficiary, raised);
    }

    /// @notice After a missed goal, returns the caller's whole contribution (pull, one call per contributor).
    function refund() external nonReentrant returns (uint256 amount) {
        if (block.timestamp < deadline) revert DeadlineNotReached(deadline);
        if (totalRaised >= goal) revert GoalMet(totalRaised, goal);
        amount = contributionOf[msg.sender];
        if (amount == 0) revert NothingToRefund(msg.sender);
        contributionOf[msg.sender] = 0;
        emit Refunded(msg.sender, amount);
        token.safeTransfer(msg.sender, amount);
    }
}
