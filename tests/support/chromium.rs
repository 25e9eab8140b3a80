//! Headless Chromium for the page tests (the standings page, the site): one way to run it —
//! a fresh profile, no network chatter, at most 90 s.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub const CHROMIUM: &str = "/usr/bin/chromium";

/// The flags of every run: headless, no sandbox (root in CI), no network chatter.
const FLAGS: [&str; 9] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
];

/// Runs headless Chromium with `args` on `url`; its standard output. Panics, with its error
/// output, when it fails or does not finish within 90 s.
pub fn run(args: &[String], url: &str) -> String {
    let profile = tempfile::tempdir().expect("profile dir");
    let mut child = Command::new(CHROMIUM)
        .args(FLAGS)
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(args)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start chromium");
    let read = |mut r: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut s = String::new();
            let _ = r.read_to_string(&mut s);
            s
        })
    };
    let out = read(Box::new(child.stdout.take().unwrap()));
    let err = read(Box::new(child.stderr.take().unwrap()));
    let deadline = Instant::now() + Duration::from_secs(90);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for chromium") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium did not finish within 90 s on {url}");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let err = err.join().unwrap();
    assert!(
        status.success(),
        "chromium failed ({status}) on {url}:\n{err}"
    );
    out.join().unwrap()
}

/// The DOM of `url` once loaded, in a headless Chromium that runs no script of the page
/// (DevTools `Emulation.setScriptExecutionDisabled`, set before the page is opened). Not
/// `--dump-dom` with `--blink-settings=scriptEnabled=false`: `--dump-dom` reads the DOM by a
/// script of its own and prints nothing when scripts are off; the protocol's `DOM.getOuterHTML`
/// needs none. The protocol is spoken over `--remote-debugging-pipe` (Chromium reads fd 3 and
/// writes fd 4, each message ended by a NUL), two FIFOs here. At most 90 s.
pub fn dom_without_script(url: &str) -> String {
    use std::io::{Read, Write};
    let dir = tempfile::tempdir().expect("a temp dir");
    let (to, from) = (dir.path().join("to"), dir.path().join("from"));
    for fifo in [&to, &from] {
        let made = Command::new("mkfifo").arg(fifo).status().expect("mkfifo");
        assert!(made.success(), "mkfifo {}", fifo.display());
    }
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" \"$@\" 3<\"$CDP_TO\" 4>\"$CDP_FROM\"")
        .arg(CHROMIUM)
        .args(FLAGS)
        .arg(format!(
            "--user-data-dir={}",
            dir.path().join("profile").display()
        ))
        .args(["--remote-debugging-pipe", "about:blank"])
        .env("CDP_TO", &to)
        .env("CDP_FROM", &from)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromium");
    // The shell opens `to` first, then `from`: the same order here, or both wait forever.
    let mut writer = std::fs::OpenOptions::new()
        .write(true)
        .open(&to)
        .expect("the pipe to chromium");
    let mut reader = std::fs::File::open(&from).expect("the pipe from chromium");
    let (tx, rx) = std::sync::mpsc::channel::<serde_json::Value>();
    std::thread::spawn(move || {
        let (mut pending, mut chunk) = (Vec::new(), [0u8; 65536]);
        while let Ok(n @ 1..) = reader.read(&mut chunk) {
            pending.extend_from_slice(&chunk[..n]);
            while let Some(end) = pending.iter().position(|&b| b == 0) {
                let message: Vec<u8> = pending.drain(..=end).collect();
                let value = serde_json::from_slice(&message[..end]).expect("a JSON message");
                if tx.send(value).is_err() {
                    return;
                }
            }
        }
    });
    let deadline = Instant::now() + Duration::from_secs(90);
    let next = |what: &str| {
        let left = deadline.saturating_duration_since(Instant::now());
        rx.recv_timeout(left)
            .unwrap_or_else(|e| panic!("chromium: no {what} within 90 s on {url}: {e}"))
    };
    let mut id = 0;
    let mut call = |method: &str, params: serde_json::Value, session: Option<&str>| {
        id += 1;
        let mut m = serde_json::json!({ "id": id, "method": method, "params": params });
        if let Some(s) = session {
            m["sessionId"] = s.into();
        }
        let mut bytes = m.to_string().into_bytes();
        bytes.push(0);
        writer.write_all(&bytes).expect("write to chromium");
        loop {
            let answer = next(method);
            if answer["id"] == id {
                assert!(answer["error"].is_null(), "{method}: {answer}");
                return answer["result"].clone();
            }
        }
    };
    let target = call(
        "Target.createTarget",
        serde_json::json!({ "url": "about:blank" }),
        None,
    );
    let attached = call(
        "Target.attachToTarget",
        serde_json::json!({ "targetId": target["targetId"], "flatten": true }),
        None,
    );
    let session = attached["sessionId"]
        .as_str()
        .expect("a session")
        .to_string();
    let s = Some(session.as_str());
    call(
        "Emulation.setScriptExecutionDisabled",
        serde_json::json!({ "value": true }),
        s,
    );
    call("Page.enable", serde_json::json!({}), s);
    call("Page.navigate", serde_json::json!({ "url": url }), s);
    while next("load event")["method"] != "Page.loadEventFired" {}
    let root = call("DOM.getDocument", serde_json::json!({ "depth": -1 }), s);
    let html = call(
        "DOM.getOuterHTML",
        serde_json::json!({ "nodeId": root["root"]["nodeId"] }),
        s,
    );
    let _ = call("Browser.close", serde_json::json!({}), None);
    let _ = child.wait();
    html["outerHTML"]
        .as_str()
        .expect("the page's HTML")
        .to_string()
}
