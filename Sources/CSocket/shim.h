// Headers only: the two socket calls glibc declares only under _GNU_SOURCE, which Swift's Glibc module is not
// built with. Declared here by hand (no <sys/socket.h>, so nothing clashes with Glibc's own declarations).

// accept4(2): accepts with SOCK_NONBLOCK | SOCK_CLOEXEC set atomically (accept + fcntl would leave a window in
// which a child started from another thread inherits the connection).
struct sockaddr;
extern int accept4(int fd, struct sockaddr *address, unsigned int *length, int flags);

static inline int linnet_accept4(int fd, void *address, unsigned int *length, int flags) {
    return accept4(fd, (struct sockaddr *)address, length, flags);
}

// struct ucred (SO_PEERCRED's answer), field for field.
struct linnet_peer_credentials {
    int pid;
    unsigned int uid;
    unsigned int gid;
};
