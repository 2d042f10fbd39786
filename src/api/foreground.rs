//! The person first. While the TUI answers a key — from the key's arrival
//! to the end of the frame that shows it — the client's page work (decoding
//! an answer, making its rows) waits, so the loop's thread has a core to
//! itself on a two-core machine while 1,000 pages stream in.
//!
//! A page already being decoded runs on; only the next one waits, and never
//! longer than [`MOST`] (a loop that forgot to let go cannot stall a list).
//! Nothing holds it in the headless commands: there a wait is one atomic
//! load.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::Notify;

/// The longest background work waits for one key's frame.
pub const MOST: Duration = Duration::from_millis(50);

/// Shared by every clone of a [`crate::api::Client`].
#[derive(Debug, Clone, Default)]
pub struct Foreground {
    inner: Arc<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    held: AtomicBool,
    released: Notify,
}

impl Foreground {
    /// A key is being answered: page work waits from now on.
    pub fn hold(&self) {
        self.inner.held.store(true, Ordering::Release);
    }

    /// The key's frame is drawn (or it changed nothing): page work goes on.
    pub fn release(&self) {
        if self.inner.held.swap(false, Ordering::AcqRel) {
            self.inner.released.notify_waiters();
        }
    }

    /// Whether a key is being answered.
    pub fn held(&self) -> bool {
        self.inner.held.load(Ordering::Acquire)
    }

    /// Returns at once unless a key is being answered; then when its frame
    /// is drawn, or after [`MOST`].
    pub async fn wait(&self) {
        if !self.held() {
            return;
        }
        let released = self.inner.released.notified();
        let mut released = std::pin::pin!(released);
        // Registered before the second look: a release between the look
        // and the wait still wakes it.
        released.as_mut().enable();
        if !self.held() {
            return;
        }
        let _ = tokio::time::timeout(MOST, released).await;
    }
}

#[cfg(test)]
mod tests {
    use futures::FutureExt;

    use super::*;

    #[tokio::test]
    async fn a_wait_is_ready_at_once_when_nothing_is_held() {
        let fg = Foreground::default();
        assert!(fg.wait().now_or_never().is_some());
        fg.hold();
        fg.release();
        assert!(fg.wait().now_or_never().is_some());
    }

    #[tokio::test]
    async fn a_wait_ends_when_the_key_is_drawn() {
        let fg = Foreground::default();
        fg.hold();
        let mut wait = std::pin::pin!(fg.wait());
        assert!(
            futures::poll!(wait.as_mut()).is_pending(),
            "a held wait went on"
        );
        fg.release();
        assert!(
            futures::poll!(wait.as_mut()).is_ready(),
            "released, still waiting"
        );
        assert!(!fg.held());
    }

    #[tokio::test]
    async fn a_release_between_the_look_and_the_wait_is_not_lost() {
        let fg = Foreground::default();
        fg.hold();
        let mut first = std::pin::pin!(fg.wait());
        let mut second = std::pin::pin!(fg.wait());
        assert!(futures::poll!(first.as_mut()).is_pending());
        fg.release();
        // One registered before the release, one only after: both go on.
        assert!(futures::poll!(first.as_mut()).is_ready());
        assert!(futures::poll!(second.as_mut()).is_ready());
    }

    #[tokio::test]
    async fn a_wait_that_nobody_releases_still_ends() {
        let fg = Foreground::default();
        fg.hold();
        let ended = tokio::time::timeout(Duration::from_secs(30), fg.wait()).await;
        assert!(ended.is_ok(), "a held wait never ended");
        // Still held: the next page waits again, bounded again.
        assert!(fg.held());
    }
}
