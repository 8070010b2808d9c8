// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {CrowdfundingCampaign} from "./CrowdfundingCampaign.sol";

/// @title Creates crowdfunding campaigns in one token, so a reader finds every campaign by CampaignCreated.
/// @notice Anyone may create a campaign; the caller is its creator. `projectKey` ties the campaign to an
///         off-chain project record (the API stores projects by it) without trusting the caller's word
///         for anything the chain holds.
contract CrowdfundingFactory {
    IERC20 public immutable token;
    address[] private _campaigns;
    mapping(address => bool) public isCampaign;
    /// @notice The campaign created for a project key (one per key), so a reader finds it without a log scan.
    mapping(bytes32 => address) public campaignOf;

    event CampaignCreated(
        address indexed campaign,
        address indexed creator,
        bytes32 indexed projectKey,
        address beneficiary,
        uint256 goal,
        uint64 deadline
    );

    error ZeroAddress();
    error ProjectKeyTaken(bytes32 projectKey, address campaign);

    constructor(IERC20 token_) {
        if (address(token_) == address(0)) revert ZeroAddress();
        token = token_;
    }

    function createCampaign(
        address beneficiary,
        uint256 goal,
        uint64 deadline,
        bytes32 projectKey
    ) external returns (CrowdfundingCampaign campaign) {
        address taken = campaignOf[projectKey];
        if (taken != address(0)) revert ProjectKeyTaken(projectKey, taken);
        campaign = new CrowdfundingCampaign(token, beneficiary, msg.sender, goal, deadline);
        _campaigns.push(address(campaign));
        isCampaign[address(campaign)] = true;
        campaignOf[projectKey] = address(campaign);
        emit CampaignCreated(address(campaign), msg.sender, projectKey, beneficiary, goal, deadline);
    }

    function campaignCount() external view returns (uint256) {
        return _campaigns.length;
    }

    function campaignAt(uint256 index) external view returns (address) {
        return _campaigns[index];
    }
}
