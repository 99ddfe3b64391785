//! The engine's large tables (the transposition table, each search
//! thread's histories and pawn cache) are allocated zeroed and fallibly.
//! Zeroed: the kernel hands out pages of zeros only when they are first
//! written, so a table costs no time to make and no memory until the
//! search fills it. Fallibly: a size the allocator refuses is an error the
//! caller reports, where an ordinary allocation would abort the engine.
//! [`ZeroedSlice`] is such a table.

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

/// Types whose value made of zero bytes is valid.
///
/// # Safety
///
/// An implementation promises that all-zero bytes are a valid value of the
/// type: integers, atomics, and structs and arrays of them.
pub unsafe trait Zeroable {}

// SAFETY: zero is a valid value of every integer type.
unsafe impl Zeroable for i16 {}
// SAFETY: as above.
unsafe impl Zeroable for u16 {}
// SAFETY: as above.
unsafe impl Zeroable for i32 {}
// SAFETY: as above.
unsafe impl Zeroable for u64 {}
// SAFETY: an array of zeroed elements is an array of valid elements.
unsafe impl<T: Zeroable, const N: usize> Zeroable for [T; N] {}
// SAFETY: a move is a 16-bit integer; zero is `Move::NONE`.
unsafe impl Zeroable for crate::types::Move {}

/// A fixed number of `T`, zeroed, aligned for `T`, owned like a `Box<[T]>`.
/// Its pages are backed by memory only once written.
pub struct ZeroedSlice<T> {
    start: NonNull<T>,
    len: usize,
    allocation: NonNull<u8>,
    layout: Layout,
}

// SAFETY: a ZeroedSlice owns its values as a Box<[T]> does, and hands out
// references to them only through `&self` and `&mut self`.
unsafe impl<T: Send> Send for ZeroedSlice<T> {}
// SAFETY: as above.
unsafe impl<T: Sync> Sync for ZeroedSlice<T> {}

impl<T: Zeroable> ZeroedSlice<T> {
    /// `len` zeroed values, or what stood in the way.
    pub fn new(len: usize) -> Result<ZeroedSlice<T>, String> {
        const { assert!(size_of::<T>() > 0, "zero-sized types need no allocation") };
        let too_large = || format!("{len} entries of {} bytes are more than the address space", size_of::<T>());
        let bytes =
            len.checked_mul(size_of::<T>()).and_then(|b| b.checked_add(align_of::<T>())).ok_or_else(too_large)?;
        // Byte alignment, and the values aligned inside the block by hand:
        // for an alignment up to 16 the system allocator takes zeroed memory
        // from calloc, which maps fresh pages without writing them, where a
        // larger one (a table bucket's 64) would have it write zeros over
        // the whole block, a second a GiB.
        let layout = Layout::from_size_align(bytes, 1).map_err(|_| too_large())?;
        // SAFETY: the layout's size is not zero (it counts T's alignment).
        let allocation = NonNull::new(unsafe { alloc_zeroed(layout) })
            .ok_or_else(|| format!("the system refused {} MiB", bytes.div_ceil(1 << 20)))?;
        let address = allocation.as_ptr() as usize;
        let offset = address.next_multiple_of(align_of::<T>()) - address;
        // SAFETY: offset < align_of::<T>(), so the `len` values after it lie
        // inside the block, which was sized for them and that alignment.
        let start = unsafe { allocation.add(offset) }.cast::<T>();
        advise_huge_pages(allocation.as_ptr(), bytes);
        Ok(ZeroedSlice { start, len, allocation, layout })
    }
}

impl<T> Deref for ZeroedSlice<T> {
    type Target = [T];

    #[inline(always)]
    fn deref(&self) -> &[T] {
        // SAFETY: `start` is aligned for T and begins `len` values inside the
        // block this slice owns until it is dropped; they were zeroed, which
        // `T: Zeroable` (required to make one) makes valid values.
        unsafe { std::slice::from_raw_parts(self.start.as_ptr(), self.len) }
    }
}

impl<T> DerefMut for ZeroedSlice<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in `deref`; `&mut self` makes the access exclusive.
        unsafe { std::slice::from_raw_parts_mut(self.start.as_ptr(), self.len) }
    }
}

impl<T> Drop for ZeroedSlice<T> {
    fn drop(&mut self) {
        // SAFETY: `Zeroable` types hold no resources, so the values need no
        // dropping (the bound is on every constructor), and the block was
        // allocated by the global allocator with this layout.
        unsafe { dealloc(self.allocation.as_ptr(), self.layout) }
    }
}

/// Asks Linux to back a large block (the transposition table) with huge
/// pages where it can, as it does only for memory marked so where the
/// system's transparent huge pages are set to `madvise` (Debian's
/// default). A probe of the table lands anywhere in it: with pages of
/// 4 KiB nearly every probe misses the address cache (TLB) too, with pages
/// of 2 MiB a table of a few hundred MiB fits it. Only a hint: the pages
/// stay zero until written, and a refusal changes nothing but the speed.
/// Elsewhere, or for a block smaller than a huge page, nothing is done.
fn advise_huge_pages(start: *mut u8, bytes: usize) {
    #[cfg(target_os = "linux")]
    {
        extern "C" {
            fn madvise(address: *mut std::ffi::c_void, length: usize, advice: std::ffi::c_int) -> std::ffi::c_int;
        }
        /// Linux's `MADV_HUGEPAGE`, the same on every architecture.
        const MADV_HUGEPAGE: std::ffi::c_int = 14;
        const PAGE: usize = 4096;
        /// A huge page of x86-64's and most ARM Linux systems: 2 MiB.
        const HUGE_PAGE: usize = 2 << 20;
        if bytes < HUGE_PAGE {
            return;
        }
        // madvise takes whole pages: the part of the block they cover.
        let address = start as usize;
        let first = address.next_multiple_of(PAGE);
        let end = (address + bytes) / PAGE * PAGE;
        if end > first {
            // SAFETY: the range lies inside the block just allocated, which
            // this slice owns; MADV_HUGEPAGE changes how its pages are
            // backed, never their contents (zero until written).
            unsafe { madvise(first as *mut std::ffi::c_void, end - first, MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, bytes);
}

/// The memory the engine may use, in bytes, where the system says (Linux):
/// the physical memory, or the control group's limit if lower. A table
/// larger than this could never be filled: under overcommit the kernel
/// grants it, then ends the engine when the search has written too much
/// of it.
pub fn usable_memory() -> Option<u64> {
    let physical = std::fs::read_to_string("/proc/meminfo").ok().and_then(|text| {
        let line = text.lines().find(|line| line.starts_with("MemTotal:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        kib.checked_mul(1024)
    })?;
    let group = std::fs::read_to_string("/sys/fs/cgroup/memory.max").ok().and_then(|text| text.trim().parse().ok());
    Some(group.map_or(physical, |limit: u64| limit.min(physical)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[repr(align(64))]
    struct Line([u64; 8]);
    // SAFETY: integers only.
    unsafe impl Zeroable for Line {}

    #[test]
    fn zeroed_slices_are_zero_aligned_and_writable() {
        let mut table = ZeroedSlice::<[i16; 3]>::new(1000).unwrap();
        assert_eq!(table.len(), 1000);
        assert!(table.iter().all(|entry| *entry == [0; 3]));
        table[999] = [1, 2, 3];
        assert_eq!(table.iter().map(|e| e[2] as i32).sum::<i32>(), 3);
        for len in [0, 1, 3, 1000] {
            let lines = ZeroedSlice::<Line>::new(len).unwrap();
            assert_eq!(lines.len(), len);
            assert_eq!(lines.as_ptr() as usize % 64, 0);
            assert!(lines.iter().all(|line| line.0 == [0; 8]));
        }
    }

    #[test]
    fn impossible_sizes_fail_cleanly() {
        assert!(ZeroedSlice::<u64>::new(usize::MAX / 4).err().unwrap().contains("address space"));
        // Within the address space but beyond any machine: 2^60 bytes. (The
        // table must be kept, or the compiler may drop the allocation and
        // assume that it succeeded.)
        let table = std::hint::black_box(ZeroedSlice::<u64>::new(1 << 57));
        assert!(table.err().unwrap().contains("refused"));
    }

    /// The flags Linux shows for the mapping that holds `address`
    /// (`VmFlags` in /proc/self/smaps).
    #[cfg(target_os = "linux")]
    fn mapping_flags(address: usize) -> String {
        let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap();
        let mut inside = false;
        for line in smaps.lines() {
            let range = line
                .split_whitespace()
                .next()
                .and_then(|r| r.split_once('-'))
                .and_then(|(a, b)| Some((usize::from_str_radix(a, 16).ok()?, usize::from_str_radix(b, 16).ok()?)));
            if let Some((from, to)) = range {
                inside = (from..to).contains(&address);
                continue;
            }
            if inside && line.starts_with("VmFlags:") {
                return line.to_string();
            }
        }
        panic!("no mapping holds {address:#x}");
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn large_tables_ask_for_huge_pages() {
        // Only where the kernel has transparent huge pages at all.
        if !std::path::Path::new("/sys/kernel/mm/transparent_hugepage/enabled").exists() {
            return;
        }
        let table = ZeroedSlice::<u64>::new(4 << 20).unwrap();
        let middle = table.as_ptr() as usize + table.len() * 4;
        assert!(mapping_flags(middle).split_whitespace().any(|flag| flag == "hg"), "{}", mapping_flags(middle));
        assert!(table.iter().step_by(4096).all(|&v| v == 0), "still zero");
    }

    #[test]
    fn usable_memory_is_read_where_the_system_says() {
        if cfg!(target_os = "linux") {
            let bytes = usable_memory().expect("Linux has /proc/meminfo");
            assert!(bytes >= 64 << 20, "{bytes}");
        }
    }
}
