// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title A small attestation registry: allow-listed verifiers attest to a subject, and may revoke.
/// @notice A verifier (VERIFIER_ROLE, granted by the admin) attests (subject, data) and gets an id; the
///         attesting verifier or the admin may revoke it. Nothing here measures anything: an attestation
///         records that an allow-listed account vouched for `data` about `subject`, and when.
contract AttestationRegistry is AccessControl {
    bytes32 public constant VERIFIER_ROLE = keccak256("VERIFIER_ROLE");

    struct Attestation {
        address subject;
        address verifier;
        uint64 time;
        uint64 revokedAt;
        string data;
    }

    uint256 public attestationCount;
    mapping(uint256 => Attestation) private _attestations;
    /// @notice The latest attestation id per subject (0: none; ids start at 1).
    mapping(address => uint256) public latestOf;

    event Attested(uint256 indexed id, address indexed subject, address indexed verifier, string data);
    event Revoked(uint256 indexed id, address indexed subject, address indexed by);

    error ZeroAddress();
    error EmptyData();
    error UnknownAttestation(uint256 id);
    error AlreadyRevoked(uint256 id);
    error NotAttester(uint256 id, address caller);

    constructor(address admin, address firstVerifier) {
        if (admin == address(0)) revert ZeroAddress();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        if (firstVerifier != address(0)) _grantRole(VERIFIER_ROLE, firstVerifier);
    }

    function attest(address subject, string calldata data) external onlyRole(VERIFIER_ROLE) returns (uint256 id) {
        if (subject == address(0)) revert ZeroAddress();
        if (bytes(data).length == 0) revert EmptyData();
        id = ++attestationCount;
        _attestations[id] = Attestation(subject, msg.sender, uint64(block.timestamp), 0, data);
        latestOf[subject] = id;
        emit Attested(id, subject, msg.sender, data);
    }

    function revoke(uint256 id) external {
        Attestation storage a = _attestations[id];
        if (a.verifier == address(0)) revert UnknownAttestation(id);
        if (a.revokedAt != 0) revert AlreadyRevoked(id);
        if (msg.sender != a.verifier && !hasRole(DEFAULT_ADMIN_ROLE, msg.sender)) revert NotAttester(id, msg.sender);
        a.revokedAt = uint64(block.timestamp);
        emit Revoked(id, a.subject, msg.sender);
    }

    function getAttestation(uint256 id) external view returns (Attestation memory) {
        if (_attestations[id].verifier == address(0)) revert UnknownAttestation(id);
        return _attestations[id];
    }
}
