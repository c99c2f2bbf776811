{{- define "vellum-lib.service" }}
---
apiVersion: v1
kind: Service
metadata:
  name: {{ include "vellum-lib.name" . }}
  labels:
    {{- include "vellum-lib.labels" . | nindent 4 }}
spec:
  type: ClusterIP
  selector:
    {{- include "vellum-lib.selectorLabels" . | nindent 4 }}
  ports:
    - name: http
      port: 8080
      targetPort: http
      protocol: TCP
      appProtocol: http
    {{- if eq (include "vellum-lib.servesMetrics" .) "true" }}
    # Only for a ServiceMonitor: the Ingress routes to `http` alone.
    - name: metrics
      port: {{ .Values.global.metrics.port }}
      targetPort: metrics
      protocol: TCP
      appProtocol: http
    {{- end }}
{{- end }}
