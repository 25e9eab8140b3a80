//! The database thread: one dedicated OS thread owns the [`Store`]; async tasks send it
//! closures and await the answer. No tokio worker ever blocks on SQLite or an fsync, so a long
//! tick or batch never stalls IDLE, timers or SIGTERM (issue 8 item 6), and a panic inside a
//! closure is caught on that thread: the store stays usable, nothing is poisoned.

use std::panic::AssertUnwindSafe;
use std::sync::mpsc;

use super::Store;

type Job = Box<dyn FnOnce(&mut Store) + Send>;

/// A handle to the database thread; cheap to clone.
#[derive(Clone)]
pub struct Db {
    jobs: mpsc::Sender<Job>,
}

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("the database thread has stopped")]
    Stopped,
    #[error("a database job panicked: {0}")]
    Panicked(String),
}

/// The text of a panic payload.
pub fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "panic".to_string())
}

impl Db {
    /// Moves `store` onto its own thread.
    pub fn spawn(mut store: Store) -> Db {
        let (jobs, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("amici-db".into())
            .spawn(move || {
                for job in rx {
                    // The job reports its own panic to its caller (see `call`); the thread and
                    // the store go on.
                    let _ = std::panic::catch_unwind(AssertUnwindSafe(|| job(&mut store)));
                }
            })
            .expect("spawning the database thread");
        Db { jobs }
    }

    /// Runs `f` on the database thread and awaits its result.
    pub async fn call<R: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Store) -> R + Send + 'static,
    ) -> Result<R, DbError> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.jobs
            .send(Box::new(move |store: &mut Store| {
                let r = std::panic::catch_unwind(AssertUnwindSafe(|| f(store)))
                    .map_err(|p| DbError::Panicked(panic_text(p.as_ref())));
                let _ = tx.send(r);
            }))
            .map_err(|_| DbError::Stopped)?;
        rx.await.map_err(|_| DbError::Stopped)?
    }

    /// The same from synchronous code (the one-shot commands, outside any runtime).
    pub fn call_blocking<R: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Store) -> R + Send + 'static,
    ) -> Result<R, DbError> {
        let (tx, rx) = mpsc::channel();
        self.jobs
            .send(Box::new(move |store: &mut Store| {
                let r = std::panic::catch_unwind(AssertUnwindSafe(|| f(store)))
                    .map_err(|p| DbError::Panicked(panic_text(p.as_ref())));
                let _ = tx.send(r);
            }))
            .map_err(|_| DbError::Stopped)?;
        rx.recv().map_err(|_| DbError::Stopped)?
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_panicking_job_leaves_the_store_usable() {
        let db = Db::spawn(Store::memory().unwrap());
        let r = db.call(|_| -> i32 { panic!("boom") }).await;
        assert!(
            matches!(r, Err(DbError::Panicked(ref m)) if m == "boom"),
            "{r:?}"
        );
        db.call(|s| s.set_meta("k", "v").unwrap()).await.unwrap();
        let v = db.call(|s| s.meta("k").unwrap()).await.unwrap();
        assert_eq!(v.as_deref(), Some("v"));
    }
}
