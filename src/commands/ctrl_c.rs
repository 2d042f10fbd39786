//! Ctrl-C during a run of many writes: the write in flight ends, nothing
//! more is sent.

/// Ctrl-C during a run of many writes (`revoke --from`, `enroll-many`):
/// the write in flight ends, nothing more is sent, and the summary says what
/// was not (exit 7, as any run that left some). A second Ctrl-C quits at
/// once. Made once the writes are about to start: before, Ctrl-C stops the
/// command as usual, nothing having been sent.
pub struct CtrlC(std::sync::Arc<std::sync::atomic::AtomicBool>);

impl CtrlC {
    pub fn watch() -> Self {
        use std::sync::atomic::{AtomicBool, Ordering};
        let came = std::sync::Arc::new(AtomicBool::new(false));
        let flag = came.clone();
        tokio::spawn(async move {
            if tokio::signal::ctrl_c().await.is_err() {
                return;
            }
            flag.store(true, Ordering::SeqCst);
            eprintln!(
                "stopping: the write in flight ends, nothing more is sent (Ctrl-C again: now)"
            );
            if tokio::signal::ctrl_c().await.is_ok() {
                std::process::exit(130);
            }
        });
        Self(came)
    }

    /// Stops `run` once Ctrl-C came (`BulkRun::stop`: nothing more sent).
    pub fn stops<T>(&self, run: &mut crate::bulk::BulkRun<T>) {
        if self.0.load(std::sync::atomic::Ordering::SeqCst) {
            run.stop();
        }
    }
}
