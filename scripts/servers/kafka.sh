#!/usr/bin/env bash
# Starts (or reuses) a single-node KRaft Kafka broker on 127.0.0.1:${KAFKA_PORT:-59092}.
# The broker's jars come from Maven Central through kafka-pom.xml, cached under ~/.cache/vellum.
# A second listener, PROXIED, on ${KAFKA_PROXIED_PORT:-59094}, tells its clients to reach the broker at
# ${KAFKA_PROXIED_ADDRESS:-127.0.0.1:59095}, where the fault drills put a Toxiproxy proxy to it: clients that bootstrap
# there keep every connection through the proxy (load-tests/faults/network.ts). Nothing listens there otherwise.
# Prints KAFKA_BROKERS=..., KAFKA_PROXIED_LISTENER=... and KAFKA_PROXIED_ADDRESS=... on stdout.
set -euo pipefail
LOG_TAG=kafka
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$HERE/common.sh"

KAFKA_PORT="${KAFKA_PORT:-59092}"
KAFKA_CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-59093}"
KAFKA_BOOTSTRAP="127.0.0.1:$KAFKA_PORT"
KAFKA_PROXIED_PORT="${KAFKA_PROXIED_PORT:-59094}"
KAFKA_PROXIED_ADDRESS="${KAFKA_PROXIED_ADDRESS:-127.0.0.1:59095}"
POM="$HERE/kafka-pom.xml"
KAFKA_VERSION="$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$POM")"
[[ -n "$KAFKA_VERSION" ]] || die "no <kafka.version> in $POM"
LIBS="$VELLUM_CACHE_DIR/kafka-$KAFKA_VERSION/libs"
KAFKA_DIR="$VELLUM_RUN_DIR/kafka"
PID_FILE="$KAFKA_DIR/kafka.pid"
READY_FILE="$KAFKA_DIR/ready.pid"

# The jar set is keyed by the pom's checksum, so editing the pom refreshes it.
fetch_libs() {
  local want have=''
  want="$(sha256sum "$POM" | cut -d' ' -f1)"
  [[ -f "$LIBS/.pom.sha256" ]] && have="$(cat "$LIBS/.pom.sha256")"
  [[ "$want" == "$have" ]] && return 0
  log "fetching Kafka $KAFKA_VERSION jars with Maven into $LIBS"
  rm -rf "$LIBS.tmp"
  # Run from the cache dir so Maven leaves nothing (target/) beside the pom in the repo.
  (cd "$VELLUM_CACHE_DIR" && mvn -B -q -f "$POM" dependency:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$LIBS.tmp") >&2
  echo "$want" >"$LIBS.tmp/.pom.sha256"
  rm -rf "$LIBS"
  mv "$LIBS.tmp" "$LIBS"
}

kafka_java() {
  java -Xms64m -Xmx256m -Dlog4j.configuration="file:$KAFKA_DIR/tools-log4j.properties" -cp "$LIBS/*" "$@"
}

# A metadata round trip, so "ready" means the broker serves clients, not only that its port is bound.
kafka_ready() {
  port_open "$KAFKA_PORT" &&
    timeout 20 java -Xms32m -Xmx128m -XX:TieredStopAtLevel=1 \
      -Dlog4j.configuration="file:$KAFKA_DIR/tools-log4j.properties" -cp "$LIBS/*" \
      org.apache.kafka.tools.TopicCommand --bootstrap-server "$KAFKA_BOOTSTRAP" --list >/dev/null 2>&1
}

write_config() {
  mkdir -p "$KAFKA_DIR/data" "$KAFKA_DIR/logs"
  cat >"$KAFKA_DIR/server.properties" <<EOF
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT,PROXIED://127.0.0.1:$KAFKA_PROXIED_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,PROXIED://$KAFKA_PROXIED_ADDRESS
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,PROXIED:PLAINTEXT
log.dirs=$KAFKA_DIR/data
num.partitions=3
auto.create.topics.enable=true
offsets.topic.replication.factor=1
offsets.topic.num.partitions=10
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=10
group.initial.rebalance.delay.ms=0
EOF
  cat >"$KAFKA_DIR/log4j.properties" <<EOF
log4j.rootLogger=INFO, file
log4j.appender.file=org.apache.log4j.FileAppender
log4j.appender.file.File=$KAFKA_DIR/logs/server.log
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.request.logger=WARN
log4j.logger.state.change.logger=WARN
EOF
  cat >"$KAFKA_DIR/tools-log4j.properties" <<EOF
log4j.rootLogger=WARN, stderr
log4j.appender.stderr=org.apache.log4j.ConsoleAppender
log4j.appender.stderr.Target=System.err
log4j.appender.stderr.layout=org.apache.log4j.PatternLayout
log4j.appender.stderr.layout.ConversionPattern=[%d] %p %m (%c)%n
EOF
}

wait_until_ready() {
  local start=$SECONDS pid
  pid="$(cat "$PID_FILE")"
  until kafka_ready; do
    if ! kill -0 "$pid" 2>/dev/null; then
      tail -n 40 "$KAFKA_DIR/logs/server.log" "$KAFKA_DIR/kafka.out" >&2 || true
      die 'broker exited during startup'
    fi
    if ((SECONDS - start > 90)); then
      tail -n 40 "$KAFKA_DIR/logs/server.log" >&2 || true
      die 'broker not ready after 90s'
    fi
    sleep 1
  done
  echo "$pid" >"$READY_FILE"
  log "ready after $((SECONDS - start))s"
}

command -v java >/dev/null || die 'java is required (Java 17)'
command -v mvn >/dev/null || die 'mvn is required'
fetch_libs
write_config

# A broker of this script's started before the PROXIED listener existed is restarted with the config above.
if pid_is "$PID_FILE" kafka.Kafka && port_open "$KAFKA_PORT" && ! port_open "$KAFKA_PROXIED_PORT" &&
  [[ "$(cat "$READY_FILE" 2>/dev/null)" == "$(cat "$PID_FILE")" ]]; then
  log "stopping broker pid $(cat "$PID_FILE"), started without the PROXIED listener"
  pid="$(cat "$PID_FILE")"
  kill "$pid" || true
  for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
  kill -9 "$pid" 2>/dev/null || true
fi

if pid_is "$PID_FILE" kafka.Kafka && port_open "$KAFKA_PORT"; then
  if [[ "$(cat "$READY_FILE" 2>/dev/null)" == "$(cat "$PID_FILE")" ]]; then
    log "reusing broker pid $(cat "$PID_FILE") on $KAFKA_BOOTSTRAP"
  else
    log "broker pid $(cat "$PID_FILE") is still starting; waiting"
    wait_until_ready
  fi
elif port_open "$KAFKA_PORT"; then
  # Someone else's listener: usable only if it is a working broker.
  kafka_ready || die "127.0.0.1:$KAFKA_PORT is taken by something that is not a working Kafka broker"
  log "reusing the broker already answering on $KAFKA_BOOTSTRAP (not started by this script)"
else
  if pid_is "$PID_FILE" kafka.Kafka; then
    log "stopping broker pid $(cat "$PID_FILE"), which is not listening on $KAFKA_PORT"
    kill "$(cat "$PID_FILE")" || true
    sleep 2
  fi
  if [[ ! -s "$KAFKA_DIR/data/meta.properties" ]]; then
    cluster_id="$(kafka_java kafka.tools.StorageTool random-uuid)"
    log "formatting $KAFKA_DIR/data (cluster $cluster_id)"
    kafka_java kafka.tools.StorageTool format -t "$cluster_id" -c "$KAFKA_DIR/server.properties" \
      --ignore-formatted >&2
  fi
  log "starting broker on $KAFKA_BOOTSTRAP (controller 127.0.0.1:$KAFKA_CONTROLLER_PORT)"
  # setsid: the broker outlives the shell (and the job group) that started it.
  setsid nohup java -Xms256m -Xmx512m -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -Djava.awt.headless=true \
    -Dlog4j.configuration="file:$KAFKA_DIR/log4j.properties" -Dkafka.logs.dir="$KAFKA_DIR/logs" \
    -cp "$LIBS/*" kafka.Kafka "$KAFKA_DIR/server.properties" \
    >"$KAFKA_DIR/kafka.out" 2>&1 </dev/null &
  echo $! >"$PID_FILE"
  rm -f "$READY_FILE"
  wait_until_ready
fi

echo "KAFKA_BROKERS=$KAFKA_BOOTSTRAP"
echo "KAFKA_PROXIED_LISTENER=127.0.0.1:$KAFKA_PROXIED_PORT"
echo "KAFKA_PROXIED_ADDRESS=$KAFKA_PROXIED_ADDRESS"
