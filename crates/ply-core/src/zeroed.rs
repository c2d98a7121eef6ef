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
    // SAFETY: the memory comes from the global allocator with the layout of
    // `count` values of `T`, all zero bytes, which `T: Zeroable` makes valid.
    Some(unsafe { Vec::from_raw_parts(pointer, count, count) })
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
