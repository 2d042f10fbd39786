//! A throwaway PostgreSQL of the test binary's own, started from the
//! installed server binaries (`/usr/lib/postgresql/<version>/bin`, Debian's
//! `postgresql` package; `.ci/run` installs it): `initdb` in a temporary
//! directory, the server on a free loopback port with its unix socket in that
//! directory, trust authentication for loopback only. Run as root (CI), the
//! server runs as `nobody` (PostgreSQL refuses root). One server the test
//! binary's modules share (`server()`), a fresh database per test
//! (`Server::database`); tests that stop their server or look at the whole
//! of it start one of their own (`Server::start`).
//!
//! A watchdog shell stops the server and removes its directory when the test
//! binary has exited (a static is never dropped).

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The server of this test binary.
pub struct Server {
    bin: PathBuf,
    dir: PathBuf,
    pub port: u16,
    /// Whom the server runs as (None: the tester).
    user: Option<(u32, u32)>,
    next: AtomicUsize,
    /// `fsync=off` (tests: nothing to keep) or on (the bench's figures).
    fsync: bool,
}

/// Starts the server on first use.
pub fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| Server::start(false))
}

/// The newest installed server's `bin` directory.
fn server_bin() -> PathBuf {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let version = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    found.sort();
    match found.pop() {
        Some((_, bin)) => bin,
        None => panic!(
            "no PostgreSQL server in /usr/lib/postgresql/*/bin: \
             apt-get install postgresql (.ci/run does)"
        ),
    }
}

/// `nobody`'s uid and gid when we are root.
fn unprivileged() -> Option<(u32, u32)> {
    let me = Command::new("id").arg("-u").output().ok()?;
    if String::from_utf8_lossy(&me.stdout).trim() != "0" {
        return None;
    }
    let passwd = std::fs::read_to_string("/etc/passwd").ok()?;
    passwd.lines().find_map(|line| {
        let f: Vec<&str> = line.split(':').collect();
        if f.first() != Some(&"nobody") || f.len() < 4 {
            return None;
        }
        Some((f[2].parse().ok()?, f[3].parse().ok()?))
    })
}

fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

impl Server {
    /// A server of its own; `fsync`: as a real one would (a bench).
    pub fn start(fsync: bool) -> Self {
        let bin = server_bin();
        let user = unprivileged();
        let dir = std::env::temp_dir().join(format!(
            "boxoffice-pg-{}-{}",
            std::process::id(),
            free_port()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        if let Some((uid, gid)) = user {
            std::os::unix::fs::chown(&dir, Some(uid), Some(gid)).unwrap();
        }
        let server = Self {
            bin,
            dir,
            port: free_port(),
            user,
            next: AtomicUsize::new(0),
            fsync,
        };
        let out = server
            .tool("initdb")
            .args([
                "-U",
                "postgres",
                "--auth=trust",
                "--no-sync",
                "-E",
                "UTF8",
                "-D",
            ])
            .arg(server.data())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "initdb: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        server.watchdog();
        server.start_again();
        server
    }

    fn data(&self) -> PathBuf {
        self.dir.join("data")
    }

    /// A server tool, run as the server's user.
    fn tool(&self, name: &str) -> Command {
        let mut command = Command::new(self.bin.join(name));
        command.current_dir(&self.dir).stdin(Stdio::null());
        if let Some((uid, gid)) = self.user {
            command.uid(uid).gid(gid);
        }
        command
    }

    /// Stops the server and removes its directory once this process is gone.
    // The watchdog outlives this process by design: nobody waits for it.
    #[allow(clippy::zombie_processes)]
    fn watchdog(&self) {
        let script = format!(
            "while kill -0 {pid} 2>/dev/null; do sleep 1; done; \
             pid=$(head -1 '{data}/postmaster.pid' 2>/dev/null) && kill -QUIT \"$pid\"; \
             while [ -n \"$pid\" ] && kill -0 \"$pid\" 2>/dev/null; do sleep 0.2; done; \
             rm -rf '{dir}'",
            pid = std::process::id(),
            data = self.data().display(),
            dir = self.dir.display(),
        );
        Command::new("sh")
            .args(["-c", &script])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .unwrap();
    }

    /// Starts the server (again), waiting until it accepts connections.
    pub fn start_again(&self) {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync={} -c max_connections=300 \
             -c shared_buffers=32MB",
            self.port,
            self.dir.display(),
            if self.fsync { "on" } else { "off" }
        );
        let out = self
            .tool("pg_ctl")
            .args(["-w", "-t", "60", "-l"])
            .arg(self.dir.join("log"))
            .arg("-D")
            .arg(self.data())
            .args(["-o", &options, "start"])
            .stdout(Stdio::null())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "pg_ctl start: {}{}",
            String::from_utf8_lossy(&out.stderr),
            std::fs::read_to_string(self.dir.join("log")).unwrap_or_default()
        );
    }

    /// A standby of this server in streaming replication (asynchronous): a
    /// base backup taken with `pg_basebackup -R` (which writes
    /// `standby.signal` and how to reach the primary), started on a port of
    /// its own. Read-only until `promote`.
    pub fn standby(&self) -> Self {
        let dir = std::env::temp_dir().join(format!(
            "boxoffice-pg-{}-{}",
            std::process::id(),
            free_port()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        if let Some((uid, gid)) = self.user {
            std::os::unix::fs::chown(&dir, Some(uid), Some(gid)).unwrap();
        }
        let standby = Self {
            bin: self.bin.clone(),
            dir,
            port: free_port(),
            user: self.user,
            next: AtomicUsize::new(1_000_000),
            fsync: self.fsync,
        };
        let out = standby
            .tool("pg_basebackup")
            .args(["-h", "127.0.0.1", "-p", &self.port.to_string()])
            .args(["-U", "postgres", "-R", "-X", "stream", "-c", "fast"])
            .args(["--no-sync", "-D"])
            .arg(standby.data())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "pg_basebackup: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        standby.watchdog();
        standby.start_again();
        standby
    }

    /// Promotes a standby: it takes writes from now on.
    pub fn promote(&self) {
        let out = self
            .tool("pg_ctl")
            .args(["-w", "-D"])
            .arg(self.data())
            .arg("promote")
            .stdout(Stdio::null())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "pg_ctl promote: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// Stops the server (fast: connections are cut), waiting until it is
    /// down.
    pub fn stop(&self) {
        let out = self
            .tool("pg_ctl")
            .args(["-w", "-m", "fast", "-D"])
            .arg(self.data())
            .arg("stop")
            .stdout(Stdio::null())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "pg_ctl stop: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// The URL of database `name`, as user `user`.
    pub fn url_as(&self, user: &str, name: &str) -> String {
        format!("postgres://{user}@127.0.0.1:{}/{name}", self.port)
    }

    /// The server's superuser URL of database `name`.
    pub fn url(&self, name: &str) -> String {
        self.url_as("postgres", name)
    }

    /// Runs `sql` as the superuser in database `db` (psql, stopping at the
    /// first error).
    pub fn psql(&self, db: &str, sql: &str) -> String {
        let out = self
            .tool("psql")
            .args(["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h"])
            .arg(&self.dir)
            .args([
                "-p",
                &self.port.to_string(),
                "-U",
                "postgres",
                "-d",
                db,
                "-c",
                sql,
            ])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "psql {sql}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).trim().to_owned()
    }

    /// A fresh, empty database: its name.
    pub fn database(&self) -> String {
        let name = format!("t{}", self.next.fetch_add(1, Ordering::SeqCst));
        self.psql("postgres", &format!("CREATE DATABASE {name}"));
        name
    }

    /// The server's directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Restarts the server with TLS on, its certificate (for `127.0.0.1`,
    /// ECDSA P-256 signed with SHA-384) issued by a certificate authority of
    /// its own made here with `openssl`; `user` (made here, with `password`)
    /// may log in only over TLS on loopback, by SCRAM-SHA-256 (whose `-PLUS`
    /// variant binds to the TLS channel). Returns the authority's
    /// certificate (DER), for the client to trust.
    pub fn enable_tls(&self, user: &str, password: &str) -> Vec<u8> {
        let dir = self.dir.join("tls");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("server.ext"),
            "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n\
             keyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n",
        )
        .unwrap();
        let key = "-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes";
        for args in [
            format!("req -x509 {key} -keyout ca.key -out ca.crt -subj /CN=test-ca -days 2"),
            format!("req {key} -keyout server.key -out server.csr -subj /CN=127.0.0.1"),
            "x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -sha384 \
             -days 2 -extfile server.ext -out server.crt"
                .to_owned(),
            "x509 -in ca.crt -outform DER -out ca.der".to_owned(),
        ] {
            let out = Command::new("openssl")
                .args(args.split_whitespace())
                .current_dir(&dir)
                .stdin(Stdio::null())
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "openssl {args}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        // The key is the server's own (PostgreSQL refuses one others can read).
        let key = dir.join("server.key");
        std::fs::set_permissions(&key, std::os::unix::fs::PermissionsExt::from_mode(0o600))
            .unwrap();
        if let Some((uid, gid)) = self.user {
            std::os::unix::fs::chown(&key, Some(uid), Some(gid)).unwrap();
        }
        self.psql(
            "postgres",
            &format!("CREATE ROLE {user} LOGIN PASSWORD '{password}'"),
        );
        let conf = self.data().join("postgresql.conf");
        let text = std::fs::read_to_string(&conf).unwrap();
        let tls = format!(
            "ssl = on\nssl_cert_file = '{}'\nssl_key_file = '{}'\n",
            dir.join("server.crt").display(),
            key.display()
        );
        std::fs::write(&conf, format!("{text}\n{tls}")).unwrap();
        // The first matching line wins: `user` over TLS by password, and
        // never without TLS.
        let hba = self.data().join("pg_hba.conf");
        let rules = std::fs::read_to_string(&hba).unwrap();
        std::fs::write(
            &hba,
            format!(
                "hostssl all {user} 127.0.0.1/32 scram-sha-256\n\
                 host all {user} 127.0.0.1/32 reject\n{rules}"
            ),
        )
        .unwrap();
        self.stop();
        self.start_again();
        std::fs::read(dir.join("ca.der")).unwrap()
    }
}
