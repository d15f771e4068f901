/// Why figures from this build would mean nothing, or `nil` for a release build.
///
/// SwiftPM defines `DEBUG` in debug builds. Unoptimised code is many times slower and
/// allocates where optimised code does not, so every ratio and budget would be wrong.
/// (`_isDebugAssertConfiguration()` would also do, but in a release build the compiler folds it
/// and warns that the debug branch "will never be executed".)
var unoptimisedBuildReason: String? {
    #if DEBUG
    return "this is a debug build (SwiftPM defines DEBUG), whose code is not optimised"
    #else
    return nil
    #endif
}
