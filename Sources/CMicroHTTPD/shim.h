#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <malloc.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Receives libmicrohttpd's diagnostics as formatted text.
typedef void (*CMicroHTTPD_LogCallback)(void *context, const char *message);

/// Receives a request's target as it arrives, before its arguments are split, in the
/// connection's own buffer (libmicrohttpd passes it as `const`; it is the writable read buffer).
typedef void (*CMicroHTTPD_URICallback)(void *context, struct MHD_Connection *connection, char *uri);

/// The daemon's settings, passed as one struct because Swift cannot call variadic C.
struct CMicroHTTPD_Settings {
    unsigned int flags;
    unsigned int thread_pool_size;
    unsigned int connection_limit;
    unsigned int per_client_limit;
    unsigned int connection_timeout;
    size_t connection_memory_limit;
    MHD_AccessHandlerCallback handler;
    MHD_RequestCompletedCallback completed;
    MHD_NotifyConnectionCallback notify;
    size_t (*unescape)(void *context, struct MHD_Connection *connection, char *text);
    CMicroHTTPD_URICallback uri;
    CMicroHTTPD_LogCallback log;
    void *context;
};

/// Formats a diagnostic (Swift cannot take a va_list) and hands it on.
static inline void CMicroHTTPD_format_log(void *settings, const char *format, va_list arguments) {
    const struct CMicroHTTPD_Settings *s = (const struct CMicroHTTPD_Settings *)settings;
    char message[512];
    vsnprintf(message, sizeof message, format, arguments);
    s->log(s->context, message);
}

/// Calls the URI callback; the request's own pointer starts out NULL.
static inline void *CMicroHTTPD_uri_logged(void *settings, const char *uri, struct MHD_Connection *connection) {
    const struct CMicroHTTPD_Settings *s = (const struct CMicroHTTPD_Settings *)settings;
    s->uri(s->context, connection, (char *)uri);
    return NULL;
}

/// MHD_start_daemon with the options convertd sets. `settings` must outlive the daemon: the
/// log and URI trampolines read it.
static inline struct MHD_Daemon *CMicroHTTPD_start(const struct CMicroHTTPD_Settings *s) {
    return MHD_start_daemon(s->flags, 0, NULL, NULL, s->handler, s->context,
                            MHD_OPTION_EXTERNAL_LOGGER, CMicroHTTPD_format_log, (void *)s,
                            MHD_OPTION_NOTIFY_COMPLETED, s->completed, s->context,
                            MHD_OPTION_NOTIFY_CONNECTION, s->notify, s->context,
                            MHD_OPTION_UNESCAPE_CALLBACK, s->unescape, s->context,
                            MHD_OPTION_URI_LOG_CALLBACK, CMicroHTTPD_uri_logged, (void *)s,
                            MHD_OPTION_CONNECTION_LIMIT, s->connection_limit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, s->per_client_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, s->connection_timeout,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, s->connection_memory_limit,
                            s->thread_pool_size > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END,
                            s->thread_pool_size,
                            MHD_OPTION_END);
}

/// The per-connection pointer set in the connection-started notification.
static inline void *CMicroHTTPD_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

/// The connection's socket.
static inline int CMicroHTTPD_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/// The size of the current request's head, request line included; 0 before it is read.
static inline size_t CMicroHTTPD_head_size(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info ? info->header_size : 0;
}

/// The client's address.
static inline const struct sockaddr *CMicroHTTPD_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info ? info->client_addr : NULL;
}

/// Keeps glibc's mmap threshold at `mmap_bytes` (it would otherwise rise to the largest block
/// freed) and trims the heap past `trim_bytes` of free memory at its top.
static inline void CMicroHTTPD_set_allocator_thresholds(int mmap_bytes, int trim_bytes) {
    mallopt(M_MMAP_THRESHOLD, mmap_bytes);
    mallopt(M_TRIM_THRESHOLD, trim_bytes);
}

/// Returns the free memory of every malloc arena to the system.
static inline void CMicroHTTPD_release_free_memory(void) {
    malloc_trim(0);
}

#endif
