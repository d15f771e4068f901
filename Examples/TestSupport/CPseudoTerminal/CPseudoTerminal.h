// The POSIX pseudo-terminal calls, which Glibc's Swift module does not export (they sit behind
// _XOPEN_SOURCE in <stdlib.h>): what the example tests need to run an app on a terminal.
#ifndef AQUEDUCT_CPSEUDOTERMINAL_H
#define AQUEDUCT_CPSEUDOTERMINAL_H

#include <stddef.h>

int posix_openpt(int flags);
int grantpt(int fd);
int unlockpt(int fd);
int ptsname_r(int fd, char *buf, size_t buflen);

#endif
