//! Work for tokio's blocking pool (SQLite, files, decoding a page), all of
//! it as one task type.
//!
//! tokio compiles its task machinery once per type of closure handed to
//! `spawn_blocking`: fifty-nine closures were fifty-nine copies of it in
//! the binary (about 90,000 lines of LLVM IR, 3.5 % of the crate; issue 29,
//! docs/performance.md#cold-build). Here every closure runs inside the same
//! boxed job, and its answer comes back through a slot it fills.

use std::any::Any;
use std::fmt;
use std::sync::{Arc, Mutex};

use tokio::runtime::Handle;

/// What every closure becomes: one type for tokio to compile its task for.
type Job = Box<dyn FnOnce() + Send>;

/// Why a closure on the blocking pool gave no answer.
#[derive(Debug)]
pub enum Stopped {
    /// It panicked: the payload, to be told or resumed.
    Panic(Box<dyn Any + Send>),
    /// The runtime shut down before it ran, or it ended without an answer.
    Ended(String),
}

/// A panic's message (`&str` or `String` payloads), or "a panic".
pub fn panic_text(payload: &(dyn Any + Send)) -> &str {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a panic")
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Panic(payload) => write!(f, "panicked: {}", panic_text(payload.as_ref())),
            Self::Ended(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for Stopped {}

/// Runs `f` on the blocking pool and answers with what it returned, as
/// `spawn_blocking(f).await` would. Nothing runs until the future is first
/// polled; dropping it after that does not stop `f`.
pub fn run<R: Send + 'static>(
    f: impl FnOnce() -> R + Send + 'static,
) -> impl Future<Output = Result<R, Stopped>> + Send {
    // The closure is boxed here, outside the future, so that the future is
    // a copy per answer type `R` and not per closure; and the answer waits
    // in a slot the job fills, so that what is awaited (`ended`) is the
    // same future for every `R`.
    let slot = Arc::new(Mutex::new(None));
    let answer = Arc::clone(&slot);
    let job: Job = Box::new(move || {
        let r = f();
        if let Ok(mut answer) = answer.lock() {
            *answer = Some(r);
        }
    });
    answer_of(slot, job)
}

/// Runs `job` and takes the answer it left in `slot`.
async fn answer_of<R>(slot: Arc<Mutex<Option<R>>>, job: Job) -> Result<R, Stopped> {
    ended(job).await?;
    slot.lock()
        .ok()
        .and_then(|mut r| r.take())
        .ok_or_else(|| Stopped::Ended("ended without an answer".into()))
}

/// Runs `job` and waits for its end.
async fn ended(job: Job) -> Result<(), Stopped> {
    match tokio::task::spawn_blocking(job).await {
        Ok(()) => Ok(()),
        Err(e) if e.is_panic() => Err(Stopped::Panic(e.into_panic())),
        Err(e) => Err(Stopped::Ended(e.to_string())),
    }
}

/// Runs `f` on `handle`'s blocking pool, nobody waiting for it (a copy
/// written off a scan's path).
pub fn detach(handle: &Handle, f: impl FnOnce() + Send + 'static) {
    drop(handle.spawn_blocking(Box::new(f) as Job));
}

#[cfg(test)]
mod tests {
    use super::{Stopped, run};

    #[tokio::test]
    async fn an_answer_comes_back_and_a_panic_is_told_as_one() {
        assert_eq!(run(|| 6 * 7).await.unwrap(), 42);
        let owned = String::from("the answer");
        assert_eq!(run(move || owned.len()).await.unwrap(), 10);
        match run(|| -> u8 { panic!("the disk is gone") }).await {
            Err(Stopped::Panic(payload)) => {
                assert_eq!(payload.downcast_ref::<&str>(), Some(&"the disk is gone"));
            }
            other => panic!("expected a panic, got {other:?}"),
        }
        let told = run(|| -> u8 { panic!("{}", String::from("formatted")) })
            .await
            .unwrap_err();
        assert_eq!(told.to_string(), "panicked: formatted");
    }
}
