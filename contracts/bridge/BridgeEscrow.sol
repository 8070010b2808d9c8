// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

/// @title Lock-and-release escrow for bridging XQB to Stellar and the XRP Ledger.
/// @notice Outbound: a user locks tokens here naming a Stellar or XRPL destination; an off-chain relayer
///         watches `Locked` and pays out on the other ledger. Inbound: the relayer, having seen the
///         matching payment on the other ledger, calls `release` to hand locked tokens back out here.
/// @dev Trust model: the relayer is trusted to release only against real inbound payments. What this
///      contract guarantees regardless: each (sourceChain, sourceTxId) releases once, and releases never
///      exceed what users locked (so a compromised relayer can at worst drain the escrow, never other
///      balances, and tokens sent here by plain transfer are not bridge liquidity). Destination addresses
///      are checked for shape only (length, prefix, alphabet); their checksums (Stellar CRC16, XRPL
///      double-SHA256 over base58) are the relayer's job, which refunds a bad destination with `release`.
contract BridgeEscrow is AccessControl, Pausable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    bytes32 public constant RELAYER_ROLE = keccak256("RELAYER_ROLE");
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");

    uint8 public constant CHAIN_STELLAR = 1;
    uint8 public constant CHAIN_XRPL = 2;

    /// @notice Stellar account ids (G...) are 56 base32 characters.
    uint256 public constant STELLAR_ADDRESS_LENGTH = 56;
    /// @notice XRPL classic addresses (r...) are 25 to 35 base58 characters.
    uint256 public constant XRPL_ADDRESS_MIN_LENGTH = 25;
    uint256 public constant XRPL_ADDRESS_MAX_LENGTH = 35;
    /// @notice Stellar's text memo holds 28 bytes (the tighter of the two ledgers), so every memo fits both.
    uint256 public constant MAX_MEMO_LENGTH = 28;

    /// @dev Bit c set <=> byte c is in the alphabet. Base32 (RFC 4648): A-Z, 2-7.
    uint256 private constant BASE32_CHARS = ((uint256(1) << 91) - (uint256(1) << 65)) | ((uint256(1) << 56) - (uint256(1) << 50));
    /// @dev XRPL's base58 alphabet has the same characters as Bitcoin's: 1-9, A-Z and a-z without 0 O I l.
    uint256 private constant BASE58_CHARS =
        (((uint256(1) << 58) - (uint256(1) << 49)) | ((uint256(1) << 91) - (uint256(1) << 65)) | ((uint256(1) << 123) - (uint256(1) << 97))) &
            ~((uint256(1) << 0x4f) | (uint256(1) << 0x49) | (uint256(1) << 0x6c));

    /// @notice The bridged token (XQB), fixed at construction.
    IERC20 public immutable token;
    /// @notice Tokens users locked and the relayer has not yet released: the upper bound for `release`.
    uint256 public totalLocked;
    /// @notice Nonce the next `lock` gets; also the number of locks so far.
    uint256 public nextNonce;
    /// @dev keccak256(sourceChain, sourceTxId) => released already.
    mapping(bytes32 => bool) private _released;

    event Locked(
        uint256 indexed nonce,
        address indexed sender,
        uint256 amount,
        uint8 indexed destinationChain,
        string destinationAddress,
        string memo
    );
    event Released(
        address indexed to,
        uint256 amount,
        uint8 indexed sourceChain,
        bytes32 indexed sourceTxId,
        address relayer
    );
    event RelayerRotated(address indexed oldRelayer, address indexed newRelayer, address indexed admin);

    error ZeroAmount();
    error ZeroAddress();
    error UnsupportedChain(uint8 chain);
    error InvalidDestinationLength(uint8 chain, uint256 length);
    error InvalidDestinationPrefix(uint8 chain, bytes1 prefix);
    error InvalidDestinationCharacter(uint8 chain, uint256 position, bytes1 character);
    error MemoTooLong(uint256 length, uint256 maxLength);
    error ZeroSourceTxId();
    error AlreadyReleased(uint8 sourceChain, bytes32 sourceTxId);
    error ReleaseExceedsLocked(uint256 amount, uint256 totalLocked);
    error NotARelayer(address account);
    error AlreadyARelayer(address account);

    /// @param admin Gets DEFAULT_ADMIN_ROLE and PAUSER_ROLE (hand both to the multisig after deploying).
    /// @param token_ The ERC-20 being bridged.
    /// @param relayer First RELAYER_ROLE holder; address(0) to appoint one later.
    constructor(address admin, IERC20 token_, address relayer) {
        if (admin == address(0) || address(token_) == address(0)) revert ZeroAddress();
        token = token_;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(PAUSER_ROLE, admin);
        if (relayer != address(0)) _grantRole(RELAYER_ROLE, relayer);
    }

    // ------------------------------------------------------------------------------------------------
    // outbound

    /// @notice Locks `amount` tokens (approve first) for delivery to `destinationAddress` on
    ///         `destinationChain` (1 = Stellar, 2 = XRPL). `memo` goes with the payment there (e.g. an
    ///         exchange's memo or XRPL destination tag as text).
    /// @return nonce The lock's id, carried by `Locked`; the relayer reports it back off-chain.
    /// @dev Credits what actually arrived (balance difference), so a fee-on-transfer token cannot make
    ///      totalLocked exceed the escrow's balance.
    function lock(
        uint256 amount,
        uint8 destinationChain,
        string calldata destinationAddress,
        string calldata memo
    ) external whenNotPaused nonReentrant returns (uint256 nonce) {
        if (amount == 0) revert ZeroAmount();
        _checkDestination(destinationChain, bytes(destinationAddress));
        if (bytes(memo).length > MAX_MEMO_LENGTH) revert MemoTooLong(bytes(memo).length, MAX_MEMO_LENGTH);

        uint256 before = token.balanceOf(address(this));
        token.safeTransferFrom(msg.sender, address(this), amount);
        uint256 received = token.balanceOf(address(this)) - before;
        if (received == 0) revert ZeroAmount();

        nonce = nextNonce;
        nextNonce = nonce + 1;
        totalLocked += received;
        emit Locked(nonce, msg.sender, received, destinationChain, destinationAddress, memo);
    }

    /// @notice Whether `destinationAddress` passes lock's shape checks for `destinationChain`.
    function isValidDestination(uint8 destinationChain, string calldata destinationAddress) external pure returns (bool) {
        if (destinationChain != CHAIN_STELLAR && destinationChain != CHAIN_XRPL) return false;
        bytes calldata a = bytes(destinationAddress);
        if (destinationChain == CHAIN_STELLAR) {
            if (a.length != STELLAR_ADDRESS_LENGTH || a[0] != "G") return false;
            return _firstOutside(a, BASE32_CHARS) == a.length;
        }
        if (a.length < XRPL_ADDRESS_MIN_LENGTH || a.length > XRPL_ADDRESS_MAX_LENGTH || a[0] != "r") return false;
        return _firstOutside(a, BASE58_CHARS) == a.length;
    }

    // ------------------------------------------------------------------------------------------------
    // inbound

    /// @notice Pays `amount` locked tokens to `to` for the inbound transfer `sourceTxId` seen on
    ///         `sourceChain` (1 = Stellar, 2 = XRPL); also how the relayer refunds a lock it could not
    ///         deliver. Each (sourceChain, sourceTxId) works once.
    function release(
        address to,
        uint256 amount,
        bytes32 sourceTxId,
        uint8 sourceChain
    ) external onlyRole(RELAYER_ROLE) whenNotPaused nonReentrant {
        if (to == address(0)) revert ZeroAddress();
        if (amount == 0) revert ZeroAmount();
        if (sourceChain != CHAIN_STELLAR && sourceChain != CHAIN_XRPL) revert UnsupportedChain(sourceChain);
        if (sourceTxId == bytes32(0)) revert ZeroSourceTxId();
        bytes32 key = _releaseKey(sourceChain, sourceTxId);
        if (_released[key]) revert AlreadyReleased(sourceChain, sourceTxId);
        if (amount > totalLocked) revert ReleaseExceedsLocked(amount, totalLocked);

        _released[key] = true;
        totalLocked -= amount;
        token.safeTransfer(to, amount);
        emit Released(to, amount, sourceChain, sourceTxId, msg.sender);
    }

    /// @notice Whether the inbound transfer `sourceTxId` from `sourceChain` was released already.
    function isReleased(uint8 sourceChain, bytes32 sourceTxId) external view returns (bool) {
        return _released[_releaseKey(sourceChain, sourceTxId)];
    }

    // ------------------------------------------------------------------------------------------------
    // admin

    /// @notice Replaces relayer `oldRelayer` with `newRelayer` in one step, so there is no window with
    ///         both keys (or none) live. Plain grantRole/revokeRole still work for running several.
    function rotateRelayer(address oldRelayer, address newRelayer) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (newRelayer == address(0)) revert ZeroAddress();
        if (!hasRole(RELAYER_ROLE, oldRelayer)) revert NotARelayer(oldRelayer);
        if (hasRole(RELAYER_ROLE, newRelayer)) revert AlreadyARelayer(newRelayer);
        _revokeRole(RELAYER_ROLE, oldRelayer);
        _grantRole(RELAYER_ROLE, newRelayer);
        emit RelayerRotated(oldRelayer, newRelayer, msg.sender);
    }

    /// @notice Emergency stop for both directions (e.g. a relayer key leak or a bug on the other side).
    function pause() external onlyRole(PAUSER_ROLE) {
        _pause();
    }

    function unpause() external onlyRole(PAUSER_ROLE) {
        _unpause();
    }

    // ------------------------------------------------------------------------------------------------
    // internal

    function _checkDestination(uint8 chain, bytes calldata a) private pure {
        uint256 alphabet;
        bytes1 prefix;
        if (chain == CHAIN_STELLAR) {
            if (a.length != STELLAR_ADDRESS_LENGTH) revert InvalidDestinationLength(chain, a.length);
            (alphabet, prefix) = (BASE32_CHARS, "G");
        } else if (chain == CHAIN_XRPL) {
            if (a.length < XRPL_ADDRESS_MIN_LENGTH || a.length > XRPL_ADDRESS_MAX_LENGTH) {
                revert InvalidDestinationLength(chain, a.length);
            }
            (alphabet, prefix) = (BASE58_CHARS, "r");
        } else {
            revert UnsupportedChain(chain);
        }
        if (a[0] != prefix) revert InvalidDestinationPrefix(chain, a[0]);
        uint256 bad = _firstOutside(a, alphabet);
        if (bad != a.length) revert InvalidDestinationCharacter(chain, bad, a[bad]);
    }

    /// @dev Index of the first byte of `a` not in `alphabet` (a bitmask over byte values < 128), or a.length.
    function _firstOutside(bytes calldata a, uint256 alphabet) private pure returns (uint256) {
        for (uint256 i = 0; i < a.length; ++i) {
            uint8 c = uint8(a[i]);
            if (c > 127 || (alphabet >> c) & 1 == 0) return i;
        }
        return a.length;
    }

    function _releaseKey(uint8 sourceChain, bytes32 sourceTxId) private pure returns (bytes32) {
        return keccak256(abi.encode(sourceChain, sourceTxId));
    }
}
