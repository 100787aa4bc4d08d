#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// The daemon's settings, passed as one struct because Swift cannot call variadic C.
struct CMicroHTTPD_Settings {
    unsigned int flags;
    const struct sockaddr *address;
    unsigned int thread_pool_size;
    unsigned int connection_limit;
    unsigned int connection_timeout;
    size_t connection_memory_limit;
    MHD_AccessHandlerCallback handler;
    MHD_RequestCompletedCallback completed;
    MHD_NotifyConnectionCallback notify;
    void *context;
};

/// MHD_start_daemon with the options convertd sets.
static inline struct MHD_Daemon *CMicroHTTPD_start(const struct CMicroHTTPD_Settings *s) {
    return MHD_start_daemon(s->flags, 0, NULL, NULL, s->handler, s->context,
                            MHD_OPTION_SOCK_ADDR, s->address,
                            MHD_OPTION_LISTENING_ADDRESS_REUSE, (unsigned int)1,
                            MHD_OPTION_NOTIFY_COMPLETED, s->completed, s->context,
                            MHD_OPTION_NOTIFY_CONNECTION, s->notify, s->context,
                            MHD_OPTION_CONNECTION_LIMIT, s->connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, s->connection_timeout,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, s->connection_memory_limit,
                            s->thread_pool_size > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END,
                            s->thread_pool_size,
                            MHD_OPTION_END);
}

/// The port the daemon listens on (the chosen one when started on port 0).
static inline uint16_t CMicroHTTPD_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/// The per-connection pointer set in the connection-started notification.
static inline void *CMicroHTTPD_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

#endif
