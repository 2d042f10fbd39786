//! `boxoffice sandbox`'s arguments: where it listens, which demo business
//! it serves, and the faults it is told to make.

// Doc comments here are the help text users read, not rustdoc: no backticks.
#![allow(clippy::doc_markdown)]

use std::net::SocketAddr;

use clap::Args;

/// Options of `boxoffice sandbox`.
#[derive(Debug, Clone, Args)]
pub struct SandboxArgs {
    /// Address to listen on
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8787")]
    pub listen: SocketAddr,

    /// API key the sandbox accepts (default: the fixed demo key, printed at start)
    #[arg(long, value_name = "KEY")]
    pub api_key: Option<String>,

    /// Seed of the demo data (with --pseudonymise: of the made-up people)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,

    /// Serve the records of this export (boxoffice export) instead of the demo business
    #[arg(long, value_name = "FILE", conflicts_with = "scale")]
    pub from: Option<std::path::PathBuf>,

    /// With --from: every customer's name, e-mail, phone and addresses made up (the same made-up person for one customer everywhere); ids, numbers, dates, prices and counts kept
    #[arg(long, requires = "from")]
    pub pseudonymise: bool,

    /// Size of the demo business
    #[arg(long, value_name = "small|large", default_value = "small")]
    pub scale: crate::sandbox::Scale,

    /// Added latency per request, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = 0)]
    pub latency: u64,

    /// Random extra latency up to this many milliseconds
    #[arg(long, value_name = "MS", default_value_t = 0)]
    pub jitter: u64,

    /// Share of requests answered HTTP 500 / 503 (0 to 1)
    #[arg(long, value_name = "P", default_value_t = 0.0, value_parser = probability)]
    pub fail_rate: f64,

    /// Requests per second before answering 429 with Retry-After
    #[arg(long, value_name = "N")]
    pub rate_limit: Option<u32>,

    /// Share of answers with truncated or non-JSON bodies (0 to 1)
    #[arg(long, value_name = "P", default_value_t = 0.0, value_parser = probability)]
    pub malformed_rate: f64,

    /// Share of connections dropped (0 to 1)
    #[arg(long, value_name = "P", default_value_t = 0.0, value_parser = probability)]
    pub reset_rate: f64,

    /// Print the sandbox's OpenAPI 3.1 document (what GET /openapi.json answers) and exit
    #[arg(long)]
    pub openapi: bool,
}

fn probability(s: &str) -> Result<f64, String> {
    let p: f64 = s.parse().map_err(|_| format!("{s:?} is not a number"))?;
    if (0.0..=1.0).contains(&p) {
        Ok(p)
    } else {
        Err(format!("{s} is not between 0 and 1"))
    }
}
