//! Large tables from zeroed memory: the operating system hands out zeroed
//! pages lazily, so a table of gigabytes costs nothing until its entries are
//! touched (a table built by writing every entry would take seconds first).

/// Types whose all-zero bytes are a valid (empty) value.
///
/// # Safety
/// An implementation promises that a value of the type made of zero bytes is
/// valid: integers, atomics, and structs of them only.
pub unsafe trait Zeroable: Sized {}

// SAFETY: zero is a valid integer.
unsafe impl Zeroable for u64 {}
// SAFETY: zero is a valid atomic integer.
unsafe impl Zeroable for std::sync::atomic::AtomicU64 {}

/// `count` values of `T`, all zero bytes; `None` if the memory cannot be had
/// (or `count` is 0).
#[must_use]
pub fn zeroed_vec<T: Zeroable>(count: usize) -> Option<Vec<T>> {
    let layout = std::alloc::Layout::array::<T>(count).ok()?;
    if layout.size() == 0 {
        return None;
    }
    // SAFETY: the layout has a non-zero size.
    let pointer = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<T>();
    if pointer.is_null() {
        return None;
    }
    advise_huge_pages(pointer.cast::<u8>(), layout.size());
    // SAFETY: the memory comes from the global allocator with the layout of
    // `count` values of `T`, all zero bytes, which `T: Zeroable` makes valid.
    Some(unsafe { Vec::from_raw_parts(pointer, count, count) })
}

/// The size of a transparent huge page on Linux (x86-64 and most others).
const HUGE_PAGE: usize = 2 << 20;

/// Asks Linux to back the whole 2 MiB pages inside `bytes` bytes from
/// `start` with huge pages: a table read at random then needs one address
/// translation entry per 2 MiB instead of one per 4 KiB (Stockfish's large
/// pages). A hint: nothing happens for small tables, elsewhere, or where
/// the system declines.
fn advise_huge_pages(start: *mut u8, bytes: usize) {
    #[cfg(target_os = "linux")]
    {
        let first = (start as usize).next_multiple_of(HUGE_PAGE);
        let end = (start as usize + bytes) / HUGE_PAGE * HUGE_PAGE;
        if end > first {
            // SAFETY: the range lies inside memory this process owns (the
            // allocation just made); MADV_HUGEPAGE changes how its pages are
            // backed, never their contents.
            unsafe {
                libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, bytes, HUGE_PAGE);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeroed_values_are_zero_and_the_vector_is_usable() {
        let mut v = zeroed_vec::<u64>(1000).unwrap();
        assert!(v.iter().all(|&x| x == 0));
        v[999] = 7;
        assert_eq!(v.iter().sum::<u64>(), 7);
        assert!(zeroed_vec::<u64>(0).is_none());
        assert!(zeroed_vec::<u64>(usize::MAX / 4).is_none());
    }
}
