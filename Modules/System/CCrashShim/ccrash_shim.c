#include "ccrash_shim.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile int crash_fd = -1;
static char crash_line[32];
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};

static void crash_handler(int signal_number) {
    int fd = crash_fd;
    if (fd >= 0) {
        int length = 0;
        const char *prefix = "crash ";
        while (*prefix) crash_line[length++] = *prefix++;
        char digits[8];
        int count = 0;
        int value = signal_number;
        do {
            digits[count++] = (char)('0' + value % 10);
            value /= 10;
        } while (value > 0 && count < 8);
        while (count > 0) crash_line[length++] = digits[--count];
        crash_line[length++] = '\n';
        (void)write(fd, crash_line, (size_t)length);
    }
    // SA_RESETHAND restored the default action: raising again ends the process with this signal.
    raise(signal_number);
}

void ccrash_shim_install(int fd) {
    crash_fd = fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = crash_handler;
    action.sa_flags = SA_RESETHAND | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    sigset_t unblocked;
    sigemptyset(&unblocked);
    for (unsigned i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
        sigaction(crash_signals[i], &action, NULL);
        sigaddset(&unblocked, crash_signals[i]);
    }
    // A parent may have handed these signals down blocked: a crash must still end the process.
    sigprocmask(SIG_UNBLOCK, &unblocked, NULL);
}

void ccrash_shim_uninstall(void) {
    for (unsigned i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) signal(crash_signals[i], SIG_DFL);
    crash_fd = -1;
}
