/* Round-trip latency client for bench/dbus/run: one blocking libdbus call at a time, timing only
 * send -> reply. The calls given are interleaved (call 1, call 2, …, call 1, …) so that they are measured
 * under the same machine load.
 * Usage: client ADDRESS WARMUP N OUTPREFIX CALL...   with CALL = DEST,PATH,IFACE,MEMBER[,STRING_ARG...]
 * Writes N latencies in nanoseconds per call, one per line, to OUTPREFIX.<index>. */
#include <dbus/dbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_CALLS 8
#define MAX_ARGS 4

struct call { char *dest, *path, *iface, *member; char *args[MAX_ARGS]; int nargs; long long *lat; };

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void parse(struct call *c, char *spec) {
    char *fields[4 + MAX_ARGS];
    int n = 0;
    for (char *tok = strtok(spec, ","); tok && n < 4 + MAX_ARGS; tok = strtok(NULL, ",")) fields[n++] = tok;
    if (n < 4) { fprintf(stderr, "bad call spec\n"); exit(2); }
    c->dest = fields[0]; c->path = fields[1]; c->iface = fields[2]; c->member = fields[3];
    c->nargs = n - 4;
    for (int i = 0; i < c->nargs; i++) c->args[i] = fields[4 + i];
}

int main(int argc, char **argv) {
    if (argc < 6 || argc - 5 > MAX_CALLS) { fprintf(stderr, "usage: client ADDRESS WARMUP N OUTPREFIX CALL...\n"); return 2; }
    const char *address = argv[1], *prefix = argv[4];
    int warmup = atoi(argv[2]), n = atoi(argv[3]), ncalls = argc - 5;
    struct call calls[MAX_CALLS];
    for (int i = 0; i < ncalls; i++) { parse(&calls[i], argv[5 + i]); calls[i].lat = malloc(sizeof(long long) * (size_t)n); }
    DBusError err;
    dbus_error_init(&err);
    DBusConnection *conn = dbus_connection_open_private(address, &err);
    if (!conn || !dbus_bus_register(conn, &err)) { fprintf(stderr, "connect: %s\n", err.message); return 1; }
    for (int i = -warmup; i < n; i++) {
        for (int k = 0; k < ncalls; k++) {
            struct call *c = &calls[k];
            DBusMessage *m = dbus_message_new_method_call(c->dest, c->path, c->iface, c->member);
            for (int a = 0; a < c->nargs; a++)
                dbus_message_append_args(m, DBUS_TYPE_STRING, &c->args[a], DBUS_TYPE_INVALID);
            long long t0 = now_ns();
            DBusMessage *r = dbus_connection_send_with_reply_and_block(conn, m, 5000, &err);
            long long t1 = now_ns();
            dbus_message_unref(m);
            if (!r) { fprintf(stderr, "%s.%s failed: %s: %s\n", c->iface, c->member, err.name, err.message); return 1; }
            dbus_message_unref(r);
            if (i >= 0) c->lat[i] = t1 - t0;
        }
    }
    for (int k = 0; k < ncalls; k++) {
        char path[4096];
        snprintf(path, sizeof path, "%s.%d", prefix, k);
        FILE *f = fopen(path, "w");
        for (int i = 0; i < n; i++) fprintf(f, "%lld\n", calls[k].lat[i]);
        fclose(f);
    }
    dbus_connection_close(conn);
    dbus_connection_unref(conn);
    return 0;
}
