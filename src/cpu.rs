//! What this build needs of the CPU. A binary built for a level of x86-64
//! (`x86-64-v2`, `-v3`, `-v4`, or `native`) uses that level's instructions
//! everywhere; on a CPU without them it would die at its first such
//! instruction with "Illegal instruction". The engine checks first and says
//! which build to take instead.

/// The instruction sets this build was compiled to use that the CPU it
/// runs on lacks (empty: it can run).
pub fn missing_features() -> Vec<&'static str> {
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
    let mut missing = Vec::new();
    #[cfg(target_arch = "x86_64")]
    {
        macro_rules! check {
            ($($feature:tt),*) => {
                $(
                    if cfg!(target_feature = $feature) && !std::arch::is_x86_feature_detected!($feature) {
                        missing.push($feature);
                    }
                )*
            };
        }
        check!("popcnt", "sse4.2", "bmi1", "bmi2", "lzcnt", "avx", "avx2", "fma", "avx512f", "avx512bw");
    }
    missing
}

/// The build level of this binary, by the widest instruction set it uses.
pub const fn build_level() -> &'static str {
    if cfg!(target_arch = "aarch64") {
        "aarch64"
    } else if cfg!(target_feature = "avx512bw") {
        "x86-64-v4"
    } else if cfg!(target_feature = "avx2") {
        "x86-64-v3"
    } else if cfg!(target_feature = "popcnt") {
        "x86-64-v2"
    } else {
        "x86-64"
    }
}

/// The message for a CPU this build cannot run on, or None.
pub fn unsupported_cpu_message() -> Option<String> {
    let missing = missing_features();
    if missing.is_empty() {
        return None;
    }
    Some(format!(
        "error: this build of Roque ({}) needs instructions this CPU does not have ({}); take the \
         x86-64-v2 or x86-64 build (roque-x86-64-v2, roque-x86-64), or build from source with \
         `cargo build --release`",
        build_level(),
        missing.join(", ")
    ))
}

/// The check, before anything else runs. A build for a newer level has its
/// instructions in the standard library's start-up too (link-time
/// optimisation compiles it with ours), so on Linux the check runs from
/// `.init_array`, before that start-up, in integer code only: CPUID, then
/// `write` and `_exit` from the C library.
#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
#[used]
#[link_section = ".init_array"]
static CHECK_BEFORE_START: extern "C" fn() = check_before_start;

#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
extern "C" fn check_before_start() {
    use std::arch::x86_64::{__cpuid, __cpuid_count};
    extern "C" {
        fn write(fd: i32, buffer: *const u8, count: usize) -> isize;
        fn _exit(status: i32) -> !;
    }
    // SAFETY: CPUID exists on every x86-64 CPU, and leaf 7 is read only
    // where leaf 0 says it exists. (Newer Rust calls these safe, older
    // needs the block: hence the allow.)
    #[allow(unused_unsafe)]
    let (leaf1, leaf7) = unsafe {
        let highest = __cpuid(0).eax;
        let leaf7 = if highest >= 7 { __cpuid_count(7, 0).ebx } else { 0 };
        (__cpuid(1).ecx, leaf7)
    };
    let has = |wanted: bool, register: u32, bit: u32| !wanted || register & (1 << bit) != 0;
    let runs = has(cfg!(target_feature = "sse4.2"), leaf1, 20)
        && has(cfg!(target_feature = "popcnt"), leaf1, 23)
        && has(cfg!(target_feature = "fma"), leaf1, 12)
        && has(cfg!(target_feature = "avx"), leaf1, 28)
        && has(cfg!(target_feature = "bmi1"), leaf7, 3)
        && has(cfg!(target_feature = "avx2"), leaf7, 5)
        && has(cfg!(target_feature = "bmi2"), leaf7, 8)
        && has(cfg!(target_feature = "avx512f"), leaf7, 16)
        && has(cfg!(target_feature = "avx512bw"), leaf7, 30);
    if runs {
        return;
    }
    let level = build_level().as_bytes();
    let parts: [&[u8]; 3] = [
        b"error: this build of Roque (",
        level,
        b") needs instructions this CPU does not have; take the x86-64-v2 or x86-64 build \
          (roque-x86-64-v2, roque-x86-64), or build from source with `cargo build --release`\n",
    ];
    // SAFETY: each part is a valid buffer of its length; the process ends
    // here, before the standard library has started.
    unsafe {
        for part in parts {
            write(2, part.as_ptr(), part.len());
        }
        _exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_machine_that_built_the_tests_runs_them() {
        assert_eq!(missing_features(), Vec::<&str>::new());
        assert!(unsupported_cpu_message().is_none());
        assert!(build_level().starts_with("x86-64") || build_level() == "aarch64");
    }
}
