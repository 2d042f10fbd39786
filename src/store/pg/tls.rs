//! TLS for tokio-postgres over rustls: the few lines of glue its
//! `MakeTlsConnect` / `TlsConnect` / `TlsStream` traits need, our own rather
//! than tokio-postgres-rustls (which parses the server's certificate with
//! x509-cert, der and spki: a fifth of a minute of a cold build for one
//! field; docs/performance.md#cold-build).
//!
//! Channel binding (`tls-server-end-point`, RFC 5929 §4.1, what SCRAM's
//! `-PLUS` mechanisms bind to): the hash of the server's certificate with
//! the hash function of that certificate's signature algorithm (SHA-1 and
//! MD5 become SHA-256). The algorithm is read from the certificate's DER by
//! `signature_hash` below; an algorithm without a hash of its own (Ed25519,
//! RSA-PSS whose hash is in its parameters) gives no binding, as libpq does,
//! and SCRAM then runs without it (or fails, if the address says
//! `channel_binding=require`).

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use rustls::pki_types::ServerName;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio_postgres::Socket;
use tokio_postgres::tls::{ChannelBinding, MakeTlsConnect, TlsConnect};

/// Makes one TLS connector per connection, all with one rustls configuration.
#[derive(Clone)]
pub(crate) struct MakeRustls(Arc<rustls::ClientConfig>);

impl MakeRustls {
    pub(crate) fn new(config: rustls::ClientConfig) -> Self {
        Self(Arc::new(config))
    }
}

/// The connector of one connection: the configuration and the server's name.
pub(crate) struct RustlsConnect {
    config: Arc<rustls::ClientConfig>,
    name: ServerName<'static>,
}

impl MakeTlsConnect<Socket> for MakeRustls {
    type Stream = RustlsStream;
    type TlsConnect = RustlsConnect;
    type Error = rustls::pki_types::InvalidDnsNameError;

    fn make_tls_connect(&mut self, domain: &str) -> Result<RustlsConnect, Self::Error> {
        Ok(RustlsConnect {
            config: Arc::clone(&self.0),
            name: ServerName::try_from(domain)?.to_owned(),
        })
    }
}

impl TlsConnect<Socket> for RustlsConnect {
    type Stream = RustlsStream;
    type Error = io::Error;
    type Future = Pin<Box<dyn Future<Output = io::Result<RustlsStream>> + Send>>;

    fn connect(self, stream: Socket) -> Self::Future {
        let connect = tokio_rustls::TlsConnector::from(self.config).connect(self.name, stream);
        Box::pin(async move { connect.await.map(|s| RustlsStream(Box::new(s))) })
    }
}

/// A TLS connection to the server.
pub(crate) struct RustlsStream(Box<tokio_rustls::client::TlsStream<Socket>>);

impl tokio_postgres::tls::TlsStream for RustlsStream {
    fn channel_binding(&self) -> ChannelBinding {
        let (_, session) = self.0.get_ref();
        session
            .peer_certificates()
            .and_then(<[_]>::first)
            .and_then(|cert| end_point(cert.as_ref()))
            .map_or_else(ChannelBinding::none, ChannelBinding::tls_server_end_point)
    }
}

impl AsyncRead for RustlsStream {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut *self.0).poll_read(cx, buf)
    }
}

impl AsyncWrite for RustlsStream {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut *self.0).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut *self.0).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.0.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut *self.0).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut *self.0).poll_shutdown(cx)
    }
}

/// A server's certificate checked as libpq's `sslmode` says, where that is
/// less than `verify-full`: `require` (no certificate check: the
/// connection is encrypted, the handshake's signature still checked) or
/// `verify-ca` (the chain to a trusted root, not the name).
#[derive(Debug)]
pub(crate) struct Lenient {
    /// The chain's check (`verify-ca`); None: none (`require`).
    chain: Option<Arc<dyn rustls::client::danger::ServerCertVerifier>>,
    provider: Arc<rustls::crypto::CryptoProvider>,
}

impl Lenient {
    pub(crate) fn new(chain: Option<Arc<dyn rustls::client::danger::ServerCertVerifier>>) -> Self {
        Self {
            chain,
            provider: Arc::new(rustls::crypto::ring::default_provider()),
        }
    }
}

impl rustls::client::danger::ServerCertVerifier for Lenient {
    fn verify_server_cert(
        &self,
        end_entity: &rustls::pki_types::CertificateDer<'_>,
        intermediates: &[rustls::pki_types::CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: rustls::pki_types::UnixTime,
    ) -> Result<rustls::client::danger::ServerCertVerified, rustls::Error> {
        use rustls::CertificateError::{NotValidForName, NotValidForNameContext};
        let Some(chain) = &self.chain else {
            return Ok(rustls::client::danger::ServerCertVerified::assertion());
        };
        match chain.verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now) {
            Err(rustls::Error::InvalidCertificate(
                NotValidForName | NotValidForNameContext { .. },
            )) => Ok(rustls::client::danger::ServerCertVerified::assertion()),
            checked => checked,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &rustls::pki_types::CertificateDer<'_>,
        dss: &rustls::DigitallySignedStruct,
    ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &rustls::pki_types::CertificateDer<'_>,
        dss: &rustls::DigitallySignedStruct,
    ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        self.provider
            .signature_verification_algorithms
            .supported_schemes()
    }
}

/// The hash functions `tls-server-end-point` uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Hash {
    Sha256,
    Sha384,
    Sha512,
}

/// `tls-server-end-point` of a certificate (DER): its hash with its
/// signature algorithm's hash function; None when that has none.
fn end_point(cert: &[u8]) -> Option<Vec<u8>> {
    use sha2::Digest as _;
    Some(match signature_hash(cert)? {
        Hash::Sha256 => sha2::Sha256::digest(cert).to_vec(),
        Hash::Sha384 => sha2::Sha384::digest(cert).to_vec(),
        Hash::Sha512 => sha2::Sha512::digest(cert).to_vec(),
    })
}

// The OIDs' DER contents. RSA (PKCS #1): 1.2.840.113549.1.1.{4 md5,
// 5 sha1, 11 sha256, 12 sha384, 13 sha512}; ECDSA (X9.62):
// 1.2.840.10045.4.1 (sha1), 1.2.840.10045.4.3.{2 sha256, 3 sha384,
// 4 sha512}; DSA with SHA-1: 1.2.840.10040.4.3; DSA with SHA-256:
// 2.16.840.1.101.3.4.3.2.
const PKCS1: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01];
const ECDSA_SHA1: &[u8] = &[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x01];
const ECDSA_SHA2: &[u8] = &[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03];
const DSA_SHA1: &[u8] = &[0x2a, 0x86, 0x48, 0xce, 0x38, 0x04, 0x03];
const DSA_SHA256: &[u8] = &[0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x02];

/// The hash function of a certificate's signature algorithm, by RFC 5929's
/// rule: the certificate's outer `signatureAlgorithm` (X.509: `Certificate
/// ::= SEQUENCE { tbsCertificate SEQUENCE, signatureAlgorithm SEQUENCE {
/// algorithm OID, … }, signature BIT STRING }`), MD5 and SHA-1 upgraded to
/// SHA-256. None for a certificate that does not parse so far, or an
/// algorithm we do not know a hash for.
pub(crate) fn signature_hash(cert: &[u8]) -> Option<Hash> {
    const SEQUENCE: u8 = 0x30;
    const OID: u8 = 0x06;
    let (certificate, _) = der(cert, SEQUENCE)?;
    let (_tbs, rest) = der(certificate, SEQUENCE)?;
    let (algorithm, _) = der(rest, SEQUENCE)?;
    let (oid, _) = der(algorithm, OID)?;
    match oid {
        [p @ .., last] if p == PKCS1 => match last {
            4 | 5 | 11 => Some(Hash::Sha256),
            12 => Some(Hash::Sha384),
            13 => Some(Hash::Sha512),
            _ => None,
        },
        [p @ .., last] if p == ECDSA_SHA2 => match last {
            2 => Some(Hash::Sha256),
            3 => Some(Hash::Sha384),
            4 => Some(Hash::Sha512),
            _ => None,
        },
        _ if oid == ECDSA_SHA1 || oid == DSA_SHA1 || oid == DSA_SHA256 => Some(Hash::Sha256),
        _ => None,
    }
}

/// One DER element of `tag` at the start of `input`: its contents and what
/// follows it. Definite lengths only (DER has no other).
fn der(input: &[u8], tag: u8) -> Option<(&[u8], &[u8])> {
    let (&first, rest) = input.split_first()?;
    if first != tag {
        return None;
    }
    let (&len, mut rest) = rest.split_first()?;
    let len = if len < 0x80 {
        usize::from(len)
    } else {
        let octets = usize::from(len & 0x7f);
        if octets == 0 || octets > std::mem::size_of::<usize>() || rest.len() < octets {
            return None;
        }
        let (bytes, after) = rest.split_at(octets);
        rest = after;
        bytes.iter().fold(0usize, |n, &b| (n << 8) | usize::from(b))
    };
    (rest.len() >= len).then(|| rest.split_at(len))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A DER element of `tag` around `contents`, in the shortest length form.
    fn element(tag: u8, contents: &[u8]) -> Vec<u8> {
        let mut out = vec![tag];
        let len = contents.len();
        if len < 0x80 {
            out.push(u8::try_from(len).unwrap_or(0));
        } else {
            let bytes: Vec<u8> = len
                .to_be_bytes()
                .into_iter()
                .skip_while(|&b| b == 0)
                .collect();
            out.push(0x80 | u8::try_from(bytes.len()).unwrap_or(0));
            out.extend(bytes);
        }
        out.extend_from_slice(contents);
        out
    }

    /// A certificate's shape: a tbsCertificate of `tbs_len` bytes, the
    /// algorithm `oid` (with NULL parameters), a signature.
    fn certificate(tbs_len: usize, oid: &[u8]) -> Vec<u8> {
        let tbs = element(0x30, &vec![0x02; tbs_len]);
        let mut algorithm = element(0x06, oid);
        algorithm.extend([0x05, 0x00]);
        let algorithm = element(0x30, &algorithm);
        let signature = element(0x03, &[0; 71]);
        element(0x30, &[tbs, algorithm, signature].concat())
    }

    const SHA256_RSA: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b];
    const SHA384_ECDSA: &[u8] = &[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x03];
    const SHA1_RSA: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x05];
    const SHA512_RSA: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0d];
    const ED25519: &[u8] = &[0x2b, 0x65, 0x70];

    #[test]
    fn the_signature_algorithm_is_found_past_any_length_form() {
        // Short (< 128), one-octet and two-octet lengths of the tbsCertificate
        // and of the whole certificate.
        for tbs_len in [10, 127, 128, 200, 255, 256, 1000, 70_000] {
            assert_eq!(
                signature_hash(&certificate(tbs_len, SHA256_RSA)),
                Some(Hash::Sha256),
                "{tbs_len}"
            );
            assert_eq!(
                signature_hash(&certificate(tbs_len, SHA384_ECDSA)),
                Some(Hash::Sha384)
            );
            assert_eq!(
                signature_hash(&certificate(tbs_len, SHA512_RSA)),
                Some(Hash::Sha512)
            );
            // RFC 5929: SHA-1 becomes SHA-256.
            assert_eq!(
                signature_hash(&certificate(tbs_len, SHA1_RSA)),
                Some(Hash::Sha256)
            );
            assert_eq!(signature_hash(&certificate(tbs_len, ED25519)), None);
        }
    }

    #[test]
    fn a_truncated_or_foreign_certificate_gives_no_binding() {
        let cert = certificate(300, SHA256_RSA);
        // Every prefix short of the algorithm's OID fails cleanly (no panic).
        for cut in 0..cert.len() {
            assert_eq!(signature_hash(&cert[..cut]), None, "{cut}");
        }
        assert_eq!(signature_hash(&[]), None);
        assert_eq!(signature_hash(&[0x31, 0x00]), None);
        // A length that claims more octets than usize holds.
        assert_eq!(
            signature_hash(&[0x30, 0x89, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
            None
        );
        assert_eq!(end_point(&cert[..10]), None);
    }

    #[test]
    fn the_end_point_is_the_certificates_hash() {
        use sha2::Digest as _;
        let cert = certificate(400, SHA384_ECDSA);
        assert_eq!(end_point(&cert), Some(sha2::Sha384::digest(&cert).to_vec()));
        let cert = certificate(40, SHA1_RSA);
        assert_eq!(end_point(&cert), Some(sha2::Sha256::digest(&cert).to_vec()));
    }
}
