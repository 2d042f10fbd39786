//! The shared desk log's address: a PostgreSQL URL (or libpq's `key=value`
//! form) parsed once, its password never shown, and the TLS it needs.
//!
//! TLS (rustls) for any host but loopback or a unix socket: `sslmode=disable`
//! to another host is refused (the password would cross the network in the
//! clear). The certificate is checked as libpq's `sslmode` says: `require`
//! encrypts without checking it (with `sslrootcert`, as `verify-ca`),
//! `verify-ca` checks its chain to a root, `verify-full` its name too;
//! `prefer` (the default) to another host is `verify-full` (stricter than
//! libpq). The roots are the platform's, or those in the file
//! `sslrootcert` names. On loopback the connection is plain unless an
//! `sslmode` asks for TLS.

use std::sync::Once;
use std::time::Duration;

use tokio_postgres::config::{Host, SslMode};

use super::tls::MakeRustls;
use crate::store::{Part, StoreError};

/// How long connecting may take before the log counts as unreachable.
pub(crate) const CONNECT_TIMEOUT: Duration = Duration::from_millis(700);

/// A parsed `--desk-db` / `desk_db`.
#[derive(Clone)]
pub struct DeskDb {
    config: tokio_postgres::Config,
    /// The address itself gives the password.
    own_password: bool,
    redacted: String,
    tls: MakeRustls,
}

impl std::fmt::Debug for DeskDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("DeskDb").field(&self.redacted).finish()
    }
}

impl DeskDb {
    /// Parses `url` (`postgres://user:password@host:port/db?sslmode=…` or
    /// `host=… user=… password=…`). A URL without a password takes
    /// `PGPASSWORD` from the environment, when set. Errors never repeat the
    /// password.
    pub fn parse(url: &str) -> Result<Self, StoreError> {
        Self::parse_with(url, &|k| std::env::var(k).ok())
    }

    /// `parse`, with the environment passed in.
    pub fn parse_with(url: &str, env: &dyn Fn(&str) -> Option<String>) -> Result<Self, StoreError> {
        let redacted = redact(url);
        // libpq's words tokio-postgres does not know: `sslrootcert` (a file
        // of trusted roots, or `system`) is taken out, `verify-ca` and
        // `verify-full` are TLS as `require` is, checked below as each says.
        let mut text = url.to_owned();
        let rootcert = take_param(&mut text, "sslrootcert");
        let word = param(&text, "sslmode");
        let normalized = text
            .replace("sslmode=verify-full", "sslmode=require")
            .replace("sslmode=verify-ca", "sslmode=require");
        let mut config: tokio_postgres::Config =
            normalized.parse().map_err(|e: tokio_postgres::Error| {
                StoreError::at(Part::DeskDatabase, &redacted, redact(&e.to_string()))
            })?;
        if config.get_hosts().is_empty() {
            return Err(StoreError::NoHost {
                place: redacted.clone(),
            });
        }
        let own_password = config.get_password().is_some();
        if !own_password && let Some(password) = env("PGPASSWORD") {
            config.password(password);
        }
        let explicit = word.is_some();
        let local = config.get_hosts().iter().all(is_local);
        let mode = match (local, config.get_ssl_mode(), explicit) {
            (true, _, false) => SslMode::Disable,
            (true, mode, true) => mode,
            (false, SslMode::Disable, _) => {
                return Err(StoreError::Cleartext {
                    place: redacted.clone(),
                });
            }
            (false, _, _) => SslMode::Require,
        };
        config.ssl_mode(mode);
        config.connect_timeout(CONNECT_TIMEOUT);
        config.keepalives_idle(Duration::from_secs(5));
        if config.get_application_name().is_none() {
            config.application_name("boxoffice");
        }
        // What the certificate must be, as libpq: `require` encrypts (with
        // a root file, it checks the chain as `verify-ca`), `verify-ca`
        // checks the chain to a trusted root, `verify-full` (and `prefer`,
        // the default, to another host: stricter than libpq) the name too.
        let check = match word.as_deref() {
            Some("require") if rootcert.is_none() => Checked::Encrypted,
            Some("require" | "verify-ca") => Checked::Chain,
            _ => Checked::Full,
        };
        let roots = rootcert
            .filter(|r| r != "system")
            .map(|path| roots_from(&path, &redacted))
            .transpose()?;
        Ok(Self {
            config,
            own_password,
            redacted: redacted.clone(),
            tls: MakeRustls::new(tls_for(check, roots, &redacted)?),
        })
    }

    /// The password `command` prints, for an address without one of its
    /// own (it wins over `PGPASSWORD`): run with `sh -c`, its stdin and
    /// stderr ours (a password manager may ask there), the first line of
    /// its stdout the password. Kept in memory only; a failure names the
    /// command's exit code, never what it printed.
    pub fn password_command(mut self, command: &str) -> Result<Self, StoreError> {
        if self.own_password {
            return Ok(self);
        }
        let fail = |why: &str| StoreError::At {
            part: Part::DeskDatabase,
            place: self.redacted.clone(),
            detail: format!("desk_db_password_command {why}"),
        };
        let output = std::process::Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(std::process::Stdio::inherit())
            .stderr(std::process::Stdio::inherit())
            .output()
            .map_err(|e| fail(&format!("could not be run: {}", e.kind())))?;
        if !output.status.success() {
            let status = output
                .status
                .code()
                .map_or_else(|| "a signal".to_owned(), |c| format!("exit code {c}"));
            return Err(fail(&format!("failed ({status})")));
        }
        let text = String::from_utf8(output.stdout)
            .map_err(|_| fail("printed something that is not UTF-8"))?;
        let password = text.lines().next().unwrap_or_default();
        if password.is_empty() {
            return Err(fail("printed no password"));
        }
        self.config.password(password);
        Ok(self)
    }

    /// The server's certificate checked against `authority` (a DER
    /// certificate: a private certificate authority's, or the server's own
    /// when it signed itself) instead of the system's roots; its name is
    /// still checked.
    pub fn trusting(mut self, authority: Vec<u8>) -> Result<Self, StoreError> {
        install_provider();
        let mut roots = rustls::RootCertStore::empty();
        roots
            .add(rustls::pki_types::CertificateDer::from(authority))
            .map_err(|e| StoreError::at(Part::DeskDatabase, &self.redacted, e))?;
        let config = builder()
            .map_err(|e| StoreError::at(Part::DeskDatabase, &self.redacted, e))?
            .with_root_certificates(roots)
            .with_no_client_auth();
        self.tls = MakeRustls::new(config);
        Ok(self)
    }

    /// The address with its password replaced by `***`: what `config
    /// show`, `doctor` and every message print.
    pub fn redacted(&self) -> &str {
        &self.redacted
    }

    /// Whether the connection uses TLS.
    pub fn tls(&self) -> bool {
        self.config.get_ssl_mode() != SslMode::Disable
    }

    /// The configuration, with `application_name` set to `name` (so the
    /// database's `pg_stat_activity` tells lanes and their listeners apart).
    pub(crate) fn config_named(&self, name: &str) -> tokio_postgres::Config {
        let mut config = self.config.clone();
        config.application_name(name);
        config
    }

    pub(crate) fn connector(&self) -> MakeRustls {
        self.tls.clone()
    }

    /// One connection of its own (the listener's, `desk-db init`'s), its
    /// driving task spawned on the current runtime.
    pub(crate) async fn connect(
        &self,
        name: &str,
    ) -> Result<
        (
            tokio_postgres::Client,
            tokio_postgres::Connection<
                tokio_postgres::Socket,
                <MakeRustls as tokio_postgres::tls::MakeTlsConnect<tokio_postgres::Socket>>::Stream,
            >,
        ),
        StoreError,
    > {
        let config = self.config_named(name);
        let connect = config.connect(self.tls.clone());
        match tokio::time::timeout(CONNECT_TIMEOUT * 2, connect).await {
            Ok(Ok(pair)) => Ok(pair),
            Ok(Err(e)) => Err(self.fail(&e)),
            Err(_) => Err(StoreError::DbNoAnswer {
                place: self.redacted.clone(),
                ms: (CONNECT_TIMEOUT * 2).as_millis(),
            }),
        }
    }

    /// An error of this database in words with its causes (tokio-postgres
    /// says "error performing TLS handshake" and keeps the why in its
    /// source), the password left out.
    pub(crate) fn fail(&self, e: &dyn std::error::Error) -> StoreError {
        let mut words = e.to_string();
        let mut source = e.source();
        while let Some(cause) = source {
            let said = cause.to_string();
            if !words.contains(&said) {
                words = format!("{words}: {said}");
            }
            source = cause.source();
        }
        StoreError::at(Part::DeskDatabase, &self.redacted, redact(&words))
    }
}

/// True for a unix socket, `localhost`, 127.0.0.0/8 and `::1`.
fn is_local(host: &Host) -> bool {
    match host {
        Host::Unix(_) => true,
        Host::Tcp(name) => {
            let name = name.trim_start_matches('[').trim_end_matches(']');
            name.eq_ignore_ascii_case("localhost")
                || name
                    .parse::<std::net::IpAddr>()
                    .is_ok_and(|ip| ip.is_loopback())
        }
    }
}

/// How a server's certificate is checked (libpq's `sslmode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Checked {
    /// `require`: encrypted, the certificate not checked.
    Encrypted,
    /// `verify-ca`: its chain to a trusted root.
    Chain,
    /// `verify-full`: its chain and its name.
    Full,
}

/// The TLS configuration `check` asks for, with `roots` (an
/// `sslrootcert` file) or the system's.
fn tls_for(
    check: Checked,
    roots: Option<rustls::RootCertStore>,
    redacted: &str,
) -> Result<rustls::ClientConfig, StoreError> {
    install_provider();
    let fail = |e: &dyn std::fmt::Display| StoreError::at(Part::DeskDatabase, redacted, e);
    let chain: Option<std::sync::Arc<dyn rustls::client::danger::ServerCertVerifier>> =
        match (check, roots) {
            (Checked::Full, Some(roots)) => {
                return Ok(builder()
                    .map_err(|e| fail(&e))?
                    .with_root_certificates(roots)
                    .with_no_client_auth());
            }
            (Checked::Full, None) => return tls_config(),
            (Checked::Encrypted, _) => None,
            (Checked::Chain, Some(roots)) => Some(
                rustls::client::WebPkiServerVerifier::builder(std::sync::Arc::new(roots))
                    .build()
                    .map_err(|e| fail(&e))?,
            ),
            (Checked::Chain, None) => Some(std::sync::Arc::new(
                rustls_platform_verifier::Verifier::new(std::sync::Arc::new(
                    rustls::crypto::ring::default_provider(),
                ))
                .map_err(|e| fail(&e))?,
            )),
        };
    Ok(builder()
        .map_err(|e| fail(&e))?
        .dangerous()
        .with_custom_certificate_verifier(std::sync::Arc::new(super::tls::Lenient::new(chain)))
        .with_no_client_auth())
}

/// The roots in the file `path` (`sslrootcert`): PEM certificates, or one
/// DER certificate.
fn roots_from(path: &str, redacted: &str) -> Result<rustls::RootCertStore, StoreError> {
    use rustls::pki_types::CertificateDer;
    use rustls::pki_types::pem::PemObject as _;
    let fail = |e: &dyn std::fmt::Display| {
        StoreError::at(
            Part::DeskDatabase,
            redacted,
            format_args!("sslrootcert {path}: {e}"),
        )
    };
    let bytes = std::fs::read(path).map_err(|e| fail(&e))?;
    let mut certs: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(&bytes)
        .collect::<Result<_, _>>()
        .map_err(|e| fail(&e))?;
    if certs.is_empty() {
        certs.push(CertificateDer::from(bytes));
    }
    let mut roots = rustls::RootCertStore::empty();
    for cert in certs {
        roots.add(cert).map_err(|e| fail(&e))?;
    }
    Ok(roots)
}

/// The value of `key` in `text` (a URL's query, or libpq's `key=value`
/// form).
fn param(text: &str, key: &str) -> Option<String> {
    let at = find_param(text, key)?;
    let start = at + key.len() + 1;
    let end = text[start..]
        .find(['&', ' '])
        .map_or(text.len(), |j| start + j);
    Some(text[start..end].to_owned())
}

/// `param`, taken out of `text`.
fn take_param(text: &mut String, key: &str) -> Option<String> {
    let value = param(text, key)?;
    let at = find_param(text, key)?;
    let end = at + key.len() + 1 + value.len();
    // With the separator after it (or, at the end, the one before).
    let (from, to) = match text[end..].chars().next() {
        Some('&' | ' ') => (at, end + 1),
        _ if at > 0 && matches!(&text[at - 1..at], "&" | " ") => (at - 1, end),
        _ => (at, end),
    };
    text.replace_range(from..to, "");
    if text.ends_with('?') {
        text.pop();
    }
    Some(value)
}

/// Where `key=` begins a parameter of `text`.
fn find_param(text: &str, key: &str) -> Option<usize> {
    let needle = format!("{key}=");
    let mut from = 0;
    while let Some(i) = text[from..].find(&needle) {
        let at = from + i;
        if at == 0 || matches!(&text[at - 1..at], "?" | "&" | " ") {
            return Some(at);
        }
        from = at + needle.len();
    }
    None
}

fn tls_config() -> Result<rustls::ClientConfig, StoreError> {
    use rustls_platform_verifier::BuilderVerifierExt;
    install_provider();
    let fail = |e: rustls::Error| StoreError::at(Part::Tls, "", e);
    Ok(builder()
        .map_err(fail)?
        .with_platform_verifier()
        .map_err(fail)?
        .with_no_client_auth())
}

/// A TLS client configuration to the shared log: ring's, with a P-256 key
/// share offered first. PostgreSQL takes only P-256 unless set otherwise
/// (`ssl_ecdh_curve = prime256v1`, the default before 18), and a first
/// key share in another group is answered by a `HelloRetryRequest`: one
/// round trip more on every connection (docs/lanes.md, "Round trips").
fn builder()
-> Result<rustls::ConfigBuilder<rustls::ClientConfig, rustls::WantsVerifier>, rustls::Error> {
    let mut provider = rustls::crypto::ring::default_provider();
    provider
        .kx_groups
        .sort_by_key(|g| g.name() != rustls::NamedGroup::secp256r1);
    rustls::ClientConfig::builder_with_provider(std::sync::Arc::new(provider))
        .with_safe_default_protocol_versions()
}

/// rustls's process-wide cryptography (ring), once.
fn install_provider() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
}

/// `url` with any password replaced by `***`: in a URL's user info
/// (`user:secret@`), a `password=` parameter (URL query or `key=value`
/// form). Works on text that does not parse, too.
pub fn redact(url: &str) -> String {
    let mut out = url.to_owned();
    // user:password@ in a URL.
    if let Some(scheme_end) = out.find("://") {
        let rest_start = scheme_end + 3;
        let authority_end = out[rest_start..]
            .find(['/', '?'])
            .map_or(out.len(), |i| rest_start + i);
        if let Some(at) = out[rest_start..authority_end].rfind('@') {
            let userinfo = &out[rest_start..rest_start + at];
            if let Some(colon) = userinfo.find(':') {
                let start = rest_start + colon + 1;
                out.replace_range(start..rest_start + at, "***");
            }
        }
    }
    // password=… as a query parameter or a key=value pair.
    let mut from = 0;
    while let Some(i) = out[from..].to_ascii_lowercase().find("password=") {
        let start = from + i + "password=".len();
        let bytes = out.as_bytes();
        let end = if bytes.get(start) == Some(&b'\'') {
            out[start + 1..]
                .find('\'')
                .map_or(out.len(), |j| start + 1 + j + 1)
        } else {
            out[start..]
                .find(['&', ' '])
                .map_or(out.len(), |j| start + j)
        };
        out.replace_range(start..end, "***");
        from = start + 3;
    }
    out
}
