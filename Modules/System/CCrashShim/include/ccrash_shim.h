#ifndef CCRASH_SHIM_H
#define CCRASH_SHIM_H

/// Records a fatal signal (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP) as the line
/// "crash <signal>\n" written to `fd`, then lets the signal end the process as it would have.
/// The handler allocates nothing: a static buffer and write(2) only.
void ccrash_shim_install(int fd);

/// Restores the default actions and forgets the descriptor.
void ccrash_shim_uninstall(void);

#endif
