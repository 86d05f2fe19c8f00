#include "ccrash_shim.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
#define SIGNAL_COUNT (sizeof crash_signals / sizeof crash_signals[0])

static volatile sig_atomic_t installed = 0;
static struct sigaction previous[SIGNAL_COUNT];

static volatile int record_fd = -1;
static char record_line[32];

static volatile int terminal_fd = -1;
static volatile int terminal_output = -1;
static struct termios terminal_settings;
static char terminal_restore[256];
static volatile size_t terminal_restore_length = 0;

static volatile int held_fd = -1;
static volatile int saved_fd = -1;
static char copy_buffer[4096];

static void write_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t written = write(fd, bytes, length);
        if (written <= 0) return;
        bytes += written;
        length -= (size_t)written;
    }
}

static void restore_terminal(void) {
    int fd = terminal_fd;
    if (fd < 0) return;
    terminal_fd = -1;
    write_all(terminal_output, terminal_restore, terminal_restore_length);
    (void)tcsetattr(fd, TCSANOW, &terminal_settings);
}

static void release_held_stderr(void) {
    int held = held_fd, saved = saved_fd;
    if (held < 0 || saved < 0) return;
    held_fd = -1;
    saved_fd = -1;
    (void)dup2(saved, STDERR_FILENO);
    if (lseek(held, 0, SEEK_SET) < 0) return;
    // Bounded: at most 1 MiB of what was held.
    for (int round = 0; round < 256; round++) {
        ssize_t count = read(held, copy_buffer, sizeof copy_buffer);
        if (count <= 0) break;
        for (ssize_t i = 0; i < count; i++) {
            unsigned char byte = (unsigned char)copy_buffer[i];
            if ((byte < 0x20 && byte != '\n' && byte != '\t') || byte == 0x7F) copy_buffer[i] = '?';
        }
        write_all(STDERR_FILENO, copy_buffer, (size_t)count);
    }
}

static void record(int signal_number) {
    int fd = record_fd;
    if (fd < 0) return;
    int length = 0;
    const char *prefix = "crash ";
    while (*prefix) record_line[length++] = *prefix++;
    char digits[8];
    int count = 0;
    int value = signal_number;
    do {
        digits[count++] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0 && count < 8);
    while (count > 0) record_line[length++] = digits[--count];
    record_line[length++] = '\n';
    write_all(fd, record_line, (size_t)length);
}

static void crash_handler(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    restore_terminal();
    release_held_stderr();
    record(signal_number);
    // The action from before this handler runs next: the backtracer (which now writes to a terminal
    // that shows it), or the default, which ends the process with this signal.
    for (unsigned i = 0; i < SIGNAL_COUNT; i++) {
        if (crash_signals[i] == signal_number) (void)sigaction(signal_number, &previous[i], NULL);
    }
    // A fault raised by an instruction happens again on return, now under that action; a signal
    // sent (kill, raise, abort) is sent again.
    if (info == NULL || info->si_code <= 0 || signal_number == SIGABRT) {
        raise(signal_number);
        // That action returned (a backtracer may, for a signal sent): the default ends the process.
        signal(signal_number, SIG_DFL);
        raise(signal_number);
    }
}

static void install_handler(void) {
    if (installed) return;
    installed = 1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = crash_handler;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    sigset_t unblocked;
    sigemptyset(&unblocked);
    for (unsigned i = 0; i < SIGNAL_COUNT; i++) {
        sigaction(crash_signals[i], &action, &previous[i]);
        sigaddset(&unblocked, crash_signals[i]);
    }
    // A parent may have handed these signals down blocked: a crash must still end the process.
    sigprocmask(SIG_UNBLOCK, &unblocked, NULL);
}

void ccrash_shim_install(int fd) {
    record_fd = fd;
    install_handler();
}

void ccrash_shim_uninstall(void) { record_fd = -1; }

void ccrash_shim_set_terminal(int input, int output, const struct termios *settings, const char *restore, size_t length) {
    terminal_fd = -1;
    terminal_output = output;
    terminal_settings = *settings;
    if (length > sizeof terminal_restore) length = sizeof terminal_restore;
    memcpy(terminal_restore, restore, length);
    terminal_restore_length = length;
    install_handler();
    terminal_fd = input;
}

void ccrash_shim_clear_terminal(void) { terminal_fd = -1; }

void ccrash_shim_set_held_stderr(int held, int saved) {
    held_fd = -1;
    saved_fd = saved;
    install_handler();
    held_fd = held;
}

void ccrash_shim_clear_held_stderr(void) {
    held_fd = -1;
    saved_fd = -1;
}
