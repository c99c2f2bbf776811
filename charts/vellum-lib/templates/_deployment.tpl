{{/*
The hardened pod: non-root, read-only root filesystem (writable: /tmp and writableDirs), no capabilities,
RuntimeDefault seccomp, no API token, bounded resources, probes on /healthz and /readyz, and a shutdown that drains
(see shutdown in _defaults.tpl).
*/}}
{{- define "vellum-lib.deployment" }}
{{- $name := include "vellum-lib.name" . }}
{{- $preStop := int .Values.shutdown.preStopSleepSeconds }}
{{- $grace := int .Values.shutdown.terminationGracePeriodSeconds }}
{{- if le $grace (add $preStop 10 | int) }}
{{- fail (printf "%s: shutdown.terminationGracePeriodSeconds (%d) must exceed preStopSleepSeconds + the 10 s drain" $name $grace) }}
{{- end }}
{{- range .Values.writableDirs }}
{{- if or (not (regexMatch "^/[A-Za-z0-9._/-]*[A-Za-z0-9]$" (toString .))) (eq (toString .) "/tmp") }}
{{- fail (printf "%s: writableDirs entries must be absolute directories other than /tmp, got %q" $name (toString .)) }}
{{- end }}
{{- end }}
{{- if not (and .Values.resources.requests .Values.resources.limits) }}
{{- fail (printf "%s: resources.requests and resources.limits are both required" $name) }}
{{- end }}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ $name }}
  labels:
    {{- include "vellum-lib.labels" . | nindent 4 }}
spec:
  {{- if not .Values.autoscaling.enabled }}
  replicas: {{ .Values.replicas }}
  {{- end }}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      {{- include "vellum-lib.selectorLabels" . | nindent 6 }}
  # One new pod at a time, and no old pod stops before its replacement is ready (readinessProbe): capacity never drops
  # during a rollout. Each old pod then leaves the endpoints during its preStop sleep and drains on SIGTERM.
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 1
      maxUnavailable: 0
  template:
    metadata:
      labels:
        {{- include "vellum-lib.labels" . | nindent 8 }}
      annotations:
        # A changed ConfigMap rolls the pods (env is read once at start).
        checksum/env: {{ include "vellum-lib.envMap" . | sha256sum }}
        {{- with .Values.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ if .Values.serviceAccount.create }}{{ $name }}{{ else }}default{{ end }}
      automountServiceAccountToken: false
      # No <SERVICE>_PORT=tcp://... variables from other Services leaking into the environment.
      enableServiceLinks: false
      terminationGracePeriodSeconds: {{ $grace }}
      securityContext:
        runAsNonRoot: true
        runAsUser: {{ .Values.securityContext.runAsUser }}
        runAsGroup: {{ .Values.securityContext.runAsGroup }}
        fsGroup: {{ .Values.securityContext.runAsGroup }}
        seccompProfile:
          type: RuntimeDefault
      {{- with .Values.global.image.pullSecrets }}
      imagePullSecrets:
        {{- range . }}
        - name: {{ . }}
        {{- end }}
      {{- end }}
      topologySpreadConstraints:
        - maxSkew: 1
          topologyKey: kubernetes.io/hostname
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels:
              {{- include "vellum-lib.selectorLabels" . | nindent 14 }}
      {{- with .Values.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with .Values.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with .Values.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      containers:
        - name: {{ $name }}
          image: {{ include "vellum-lib.image" . | quote }}
          imagePullPolicy: {{ .Values.image.pullPolicy | default .Values.global.image.pullPolicy }}
          ports:
            - name: http
              containerPort: 8080
              protocol: TCP
            {{- if eq (include "vellum-lib.servesMetrics" .) "true" }}
            - name: metrics
              containerPort: {{ .Values.global.metrics.port }}
              protocol: TCP
            {{- end }}
          {{- include "vellum-lib.containerEnv" . | nindent 10 }}
          startupProbe:
            httpGet:
              path: /healthz
              port: http
            periodSeconds: {{ .Values.probes.startup.periodSeconds }}
            failureThreshold: {{ .Values.probes.startup.failureThreshold }}
          livenessProbe:
            httpGet:
              path: /healthz
              port: http
            periodSeconds: {{ .Values.probes.liveness.periodSeconds }}
            timeoutSeconds: {{ .Values.probes.liveness.timeoutSeconds }}
            failureThreshold: {{ .Values.probes.liveness.failureThreshold }}
          readinessProbe:
            httpGet:
              path: /readyz
              port: http
            periodSeconds: {{ .Values.probes.readiness.periodSeconds }}
            timeoutSeconds: {{ .Values.probes.readiness.timeoutSeconds }}
            failureThreshold: {{ .Values.probes.readiness.failureThreshold }}
          lifecycle:
            preStop:
              sleep:
                seconds: {{ $preStop }}
          resources:
            {{- toYaml .Values.resources | nindent 12 }}
          securityContext:
            runAsNonRoot: true
            privileged: false
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true
            capabilities:
              drop:
                - ALL
          volumeMounts:
            - name: tmp
              mountPath: /tmp
            {{- range .Values.writableDirs }}
            - name: {{ include "vellum-lib.dirVolume" . }}
              mountPath: {{ . }}
            {{- end }}
      volumes:
        - name: tmp
          emptyDir:
            sizeLimit: {{ .Values.tmpSizeLimit }}
        {{- range .Values.writableDirs }}
        - name: {{ include "vellum-lib.dirVolume" . }}
          emptyDir:
            sizeLimit: {{ $.Values.tmpSizeLimit }}
        {{- end }}
{{- end }}

{{/* The container's environment: its ConfigMap and the secretEnv entries (the Deployment's and the replay Job's). */}}
{{- define "vellum-lib.containerEnv" -}}
envFrom:
  - configMapRef:
      name: {{ include "vellum-lib.name" . }}-env
{{- with .Values.secretEnv }}
env:
  {{- range $env, $ref := . }}
  - name: {{ $env }}
    valueFrom:
      secretKeyRef:
        name: {{ include "vellum-lib.secretName" $ }}
        {{- if kindIs "map" $ref }}
        key: {{ $ref.key | default $env }}
        {{- if $ref.optional }}
        optional: true
        {{- end }}
        {{- else }}
        key: {{ $ref | default $env }}
        {{- end }}
  {{- end }}
{{- end }}
{{- end }}
