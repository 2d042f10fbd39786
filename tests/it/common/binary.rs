//! The real binary, run as a user would with nothing of the tester's
//! environment leaking in.

use std::path::Path;
use std::process::{Command, Stdio};

/// A `boxoffice` command with a clean environment: `home` as both `HOME` and
/// `XDG_CONFIG_HOME` (so no config file unless the test writes one), and no
/// terminal on stdin.
pub fn boxoffice(home: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_boxoffice"));
    command
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home)
        // The machine's zone as CI's: UTC (a test in another names it).
        .env("TZ", "UTC")
        .stdin(Stdio::null());
    command
}

/// `boxoffice [args]` in a pseudo-terminal `cols` wide, with the clean
/// environment of [`boxoffice`] plus `env`: for each `(shown, answer)` of
/// `dialogue` in turn, waits until the terminal shows `shown` and types
/// `answer` and Enter; then waits for the exit. The exit code and all the
/// terminal showed.
pub fn in_a_terminal(
    home: &Path,
    (args, cols): (&[&str], u16),
    env: &[(&str, &str)],
    dialogue: &[(&str, &str)],
) -> (u32, String) {
    use portable_pty::{CommandBuilder, PtySize, native_pty_system};
    use std::io::{Read, Write};
    use std::sync::mpsc;
    use std::time::{Duration, Instant};

    let pty = native_pty_system()
        .openpty(PtySize {
            rows: 24,
            cols,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_boxoffice"));
    command.args(args);
    command.env_clear();
    command.env("PATH", std::env::var("PATH").unwrap_or_default());
    command.env("HOME", home);
    command.env("XDG_CONFIG_HOME", home);
    command.env("TZ", "UTC");
    for (k, v) in env {
        command.env(k, v);
    }
    command.cwd(home);
    let mut child = pty.slave.spawn_command(command).unwrap();
    drop(pty.slave);
    let mut reader = pty.master.try_clone_reader().unwrap();
    let (tx, rx) = mpsc::channel::<Vec<u8>>();
    std::thread::spawn(move || {
        let mut buf = [0u8; 1024];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut writer = pty.master.take_writer().unwrap();
    let mut screen = String::new();
    let deadline = Instant::now() + Duration::from_secs(60);
    for (shown, answer) in dialogue {
        while !screen.contains(shown) {
            let chunk = rx
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
                .unwrap_or_else(|_| panic!("no {shown:?}; the terminal shows: {screen}"));
            screen.push_str(&String::from_utf8_lossy(&chunk));
        }
        writer.write_all(format!("{answer}\r").as_bytes()).unwrap();
        writer.flush().unwrap();
    }
    let status = child.wait().unwrap();
    // The reader ends when the child's side of the terminal closes.
    while let Ok(chunk) = rx.recv_timeout(Duration::from_secs(10)) {
        screen.push_str(&String::from_utf8_lossy(&chunk));
    }
    (status.exit_code(), screen)
}
