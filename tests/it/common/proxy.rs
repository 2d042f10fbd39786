//! A TCP proxy that puts a slow link between a client and a server, and
//! counts the round trips that cross it: written for the tests and the
//! `far` bench, no external tool.
//!
//! Each direction is held back by the same delay (so a round trip costs
//! twice it), bytes kept in order. A **turn** is an answer of the server
//! to something the client sent: on each connection, the first bytes from
//! the server after bytes from the client count one. A pipelined batch of
//! statements and its answers are one turn, as on the wire; so are a TLS
//! handshake's flight and its answer. A connection's TCP handshake is not
//! seen (the proxy sees bytes only): a turn count is PostgreSQL's protocol
//! and TLS, which is what a client controls.
//!
//! The link can be cut (every connection closed at once, new ones closed as
//! soon as they come: a server gone) and restored. The proxy runs on a
//! runtime of its own, on a thread of its own, for the process's life.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch};

/// A running proxy: `port` on 127.0.0.1 forwards to the server.
pub struct Proxy {
    pub port: u16,
    shared: Arc<Shared>,
}

struct Shared {
    target: SocketAddr,
    /// Each way, in microseconds.
    delay_us: AtomicU64,
    turns: AtomicU64,
    connections: AtomicU64,
    /// Connections open now.
    live: AtomicU64,
    cut: watch::Sender<bool>,
}

impl Proxy {
    /// A proxy to `127.0.0.1:port` holding each direction `delay`.
    pub fn start(port: u16, delay: Duration) -> Self {
        let target: SocketAddr = ([127, 0, 0, 1], port).into();
        let shared = Arc::new(Shared {
            target,
            delay_us: AtomicU64::new(micros(delay)),
            turns: AtomicU64::new(0),
            connections: AtomicU64::new(0),
            live: AtomicU64::new(0),
            cut: watch::channel(false).0,
        });
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port();
        let serving = shared.clone();
        std::thread::Builder::new()
            .name(format!("proxy {port}"))
            .spawn(move || {
                let runtime = tokio::runtime::Builder::new_multi_thread()
                    .worker_threads(1)
                    .enable_all()
                    .build()
                    .unwrap();
                runtime.block_on(async move {
                    serve(TcpListener::from_std(listener).unwrap(), serving).await;
                });
            })
            .unwrap();
        Self { port, shared }
    }

    /// The round trips (turns) seen since the proxy started.
    pub fn turns(&self) -> u64 {
        self.shared.turns.load(Ordering::SeqCst)
    }

    /// The connections made through it since it started.
    pub fn connections(&self) -> u64 {
        self.shared.connections.load(Ordering::SeqCst)
    }

    /// Each way's delay from now on (connections made before keep theirs
    /// for the bytes already under way).
    pub fn set_delay(&self, delay: Duration) {
        self.shared.delay_us.store(micros(delay), Ordering::SeqCst);
    }

    /// Cuts the link (`true`: every connection closed, new ones closed at
    /// once; returns once none is open) or restores it.
    pub fn cut(&self, cut: bool) {
        self.shared.cut.send_replace(cut);
        while cut && self.shared.live.load(Ordering::SeqCst) > 0 {
            std::thread::yield_now();
        }
    }

    /// `url` (a `postgres://…@127.0.0.1:<port>/…` address) through this
    /// proxy.
    pub fn url(&self, url: &str, server_port: u16) -> String {
        url.replace(
            &format!("127.0.0.1:{server_port}"),
            &format!("127.0.0.1:{}", self.port),
        )
    }
}

fn micros(d: Duration) -> u64 {
    u64::try_from(d.as_micros()).unwrap_or(u64::MAX)
}

async fn serve(listener: TcpListener, shared: Arc<Shared>) {
    loop {
        let Ok((client, _)) = listener.accept().await else {
            continue;
        };
        if *shared.cut.borrow() {
            drop(client);
            continue;
        }
        shared.connections.fetch_add(1, Ordering::SeqCst);
        shared.live.fetch_add(1, Ordering::SeqCst);
        let done = shared.clone();
        tokio::spawn(async move {
            connection(client, done.clone()).await;
            done.live.fetch_sub(1, Ordering::SeqCst);
        });
    }
}

/// One connection: both directions delayed, the server's answers counted.
async fn connection(client: TcpStream, shared: Arc<Shared>) {
    let Ok(server) = TcpStream::connect(shared.target).await else {
        return;
    };
    let _ = client.set_nodelay(true);
    let _ = server.set_nodelay(true);
    let mut cut = shared.cut.subscribe();
    // The client spoke last (and the server has not answered yet).
    let asked = Arc::new(AtomicBool::new(false));
    let (client_read, client_write) = client.into_split();
    let (server_read, server_write) = server.into_split();
    let up = pump(
        client_read,
        server_write,
        shared.clone(),
        Side::Client(asked.clone()),
    );
    let down = pump(
        server_read,
        client_write,
        shared.clone(),
        Side::Server(asked),
    );
    tokio::select! {
        _ = async { tokio::join!(up, down) } => {}
        _ = cut.wait_for(|c| *c) => {}
    }
}

/// Who sends on a pump: the client (its bytes mark a question) or the
/// server (its first bytes after one are an answer: a turn).
enum Side {
    Client(Arc<AtomicBool>),
    Server(Arc<AtomicBool>),
}

/// Copies `from` into `to`, each chunk held back by the delay, in order.
async fn pump(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    shared: Arc<Shared>,
    side: Side,
) {
    let (tx, mut rx) = mpsc::unbounded_channel::<(tokio::time::Instant, Vec<u8>)>();
    let reader = async move {
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            let n = match from.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            match &side {
                Side::Client(asked) => asked.store(true, Ordering::SeqCst),
                Side::Server(asked) => {
                    if asked.swap(false, Ordering::SeqCst) {
                        shared.turns.fetch_add(1, Ordering::SeqCst);
                    }
                }
            }
            let due = tokio::time::Instant::now()
                + Duration::from_micros(shared.delay_us.load(Ordering::SeqCst));
            if tx.send((due, buf[..n].to_vec())).is_err() {
                break;
            }
        }
    };
    let writer = async move {
        while let Some((due, bytes)) = rx.recv().await {
            tokio::time::sleep_until(due).await;
            if to.write_all(&bytes).await.is_err() {
                return;
            }
        }
        let _ = to.shutdown().await;
    };
    tokio::join!(reader, writer);
}
