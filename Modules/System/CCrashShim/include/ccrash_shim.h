#ifndef CCRASH_SHIM_H
#define CCRASH_SHIM_H

#include <stddef.h>
#include <termios.h>

/// What a fatal signal (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP) does before the process
/// ends as it would have: the terminal put back (its settings, the main screen, the cursor), stderr
/// put back with what was held written to it, and the line "crash <signal>\n" recorded. Then the
/// action that was there before (the Swift runtime's backtracer, or the default) runs. The handler
/// allocates nothing: static buffers, write(2), read(2), dup2(2) and tcsetattr(3) only. Each part
/// is set and cleared on its own; the handler is installed once, at the first part set.

/// Records each fatal signal as "crash <signal>\n" written to `fd`.
void ccrash_shim_install(int fd);

/// Stops recording (the handler stays for the other parts).
void ccrash_shim_uninstall(void);

/// On a fatal signal, writes `restore` (at most 256 bytes are kept) to `output` and applies `settings` to `input`.
void ccrash_shim_set_terminal(int input, int output, const struct termios *settings, const char *restore, size_t length);

/// The terminal was put back: a fatal signal leaves it as it is.
void ccrash_shim_clear_terminal(void);

/// On a fatal signal, puts `saved` back as stderr and copies what `held` holds (from its start) to it,
/// each control byte but newline and tab written as '?'.
void ccrash_shim_set_held_stderr(int held, int saved);

/// Stderr was put back: a fatal signal leaves it as it is.
void ccrash_shim_clear_held_stderr(void);

#endif
