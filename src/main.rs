//! The `boxoffice` binary: everything it does is `boxoffice::launch::main`,
//! in the library (see there why).

fn main() -> std::process::ExitCode {
    boxoffice::launch::main()
}
